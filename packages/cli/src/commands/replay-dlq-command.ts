import { overridesFromText, type ReplayOptions, selectorsFromText, triageDefaults } from '@quarry/triage';
import type { CliCommand } from '../cli-command';
import { cliEnvironmentHelp, triageEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { parseCommandArgs } from '../parse-command-args';
import { progressLine } from '../progress-bar';
import { UsageError } from '../usage-error';
import { printReplayReport } from './replay-report-text';
import { reportTriageError, selectorHelp, selectorOptions, selectorText, withTriage } from './triage-support';

const help = `Usage: quarry replay-dlq [selectors] [options]      (also: pnpm replay-dlq …)

Pushes dead-letter records through again as new jobs: the original job data with the overrides,
lineage { rootJobId, replayOf: dlqId, redriveCount + 1 }, and a job id fixed per record and redrive,
so replaying twice never adds a second job. Each replayed record is marked replayed (kept for audit).
Records already replayed are skipped; records whose chain was redriven QUARRY_MAX_REDRIVES times
(default ${triageDefaults.maxRedrives}) are quarantined and skipped unless --force.

${selectorHelp}

Options:
      --dry-run            print the count and a sample of what would be replayed; change nothing
  -y, --yes                do not ask (without it, asks on a terminal and refuses without one)
      --rate <R>           at most R new jobs per second, evenly spaced (default unlimited)
      --concurrency <N>    replays in flight at once (default ${triageDefaults.concurrency})
      --to-version <V>     run the replays on workflow version V: "latest" or a number
      --model <M>          run the replays with model M (wins over the workflow's model)
      --max-attempts <N>   model attempts each replayed job may use (1-20)
      --force              replay quarantined records too
      --json               print { matched, replayed, skipped: [{ dlqId, why }], jobs: [{ dlqId, newJobId }], failed }
  -h, --help               show this help

Exit codes: 0 when every matched record was replayed or rightly skipped (already replayed,
quarantined), 1 on bad usage, records that could not be replayed, a refused confirmation or no Redis.

${cliEnvironmentHelp}
${triageEnvironmentHelp}`;

const options = {
  ...selectorOptions,
  'dry-run': { type: 'boolean' },
  yes: { type: 'boolean', short: 'y' },
  rate: { type: 'string' },
  concurrency: { type: 'string' },
  'to-version': { type: 'string' },
  model: { type: 'string' },
  'max-attempts': { type: 'string' },
  force: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function number(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value))
    throw new UsageError(`--${name} must be a number, got "${text}"`);
  return value;
}

/** `quarry replay-dlq`: replays selected DLQ records through the triage service. */
export const replayDlqCommand: CliCommand = {
  name: 'replay-dlq',
  summary: 'replay dead-letter records as new jobs (dry run, overrides, rate)',
  help,
  async run(args, context) {
    const { values } = parseCommandArgs(args, options);
    if (values.help) {
      context.stdout(`${help}\n`);
      return exitCodes.ok;
    }
    const rate = number('rate', values.rate);
    const concurrency = number('concurrency', values.concurrency);
    const json = values.json ?? false;
    try {
      const replay: ReplayOptions = {
        selectors: selectorsFromText(selectorText(values), Date.now()),
        overrides: overridesFromText({
          toVersion: values['to-version'],
          model: values.model,
          maxAttempts: values['max-attempts'],
        }),
        force: values.force ?? false,
        ...(rate === undefined ? {} : { rate }),
        ...(concurrency === undefined ? {} : { concurrency }),
      };
      return await withTriage(context, 'replay-dlq', async (triage) => {
        const plan = await triage.replayDlq({ ...replay, dryRun: true });
        if (values['dry-run'] || plan.planned.length === 0) {
          printReplayReport(plan, json, context);
          return plan.failed.length > 0 ? exitCodes.failure : exitCodes.ok;
        }
        if (!values.yes) {
          const what = `${plan.planned.length} of ${plan.matched} matched record(s)`;
          if (!context.terminal) {
            context.stderr(
              `quarry replay-dlq: refusing to replay ${what} without confirmation; no terminal to ask on, pass --yes (or --dry-run to look first)\n`,
            );
            return exitCodes.failure;
          }
          const answer = await context.terminal.ask(`Replay ${what} as new jobs? [y/N] `);
          if (!/^y(es)?$/i.test(answer.trim())) {
            context.stderr('quarry replay-dlq: nothing was replayed\n');
            return exitCodes.failure;
          }
        }
        const { terminal } = context;
        const report = await triage.replayDlq({
          ...replay,
          ...(terminal
            ? {
                onProgress: (progress) =>
                  terminal.redraw(
                    progressLine(
                      progress.done,
                      progress.total,
                      `${progress.outcome} ${progress.dlqId}`,
                      terminal.columns,
                    ),
                  ),
              }
            : {}),
        });
        if (terminal) context.stderr('\n');
        printReplayReport(report, json, context);
        return report.failed.length > 0 ? exitCodes.failure : exitCodes.ok;
      });
    } catch (error) {
      return reportTriageError('replay-dlq', error, context);
    }
  },
};
