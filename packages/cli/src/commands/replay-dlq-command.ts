import {
  overridesFromText,
  type ReplayOptions,
  type ReplayReport,
  selectorsFromText,
  triageDefaults,
} from '@quarry/triage';
import { Option } from 'commander';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp, triageEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { numberFlag, switchFlag, textFlag } from '../flag-schemas';
import { replayProgressBar } from '../replay-progress-bar';
import { printReplayReport } from './replay-report-text';
import { SelectorFlags, selectorOptions } from './selector-flags';
import { withTriage } from './with-triage';

/** `quarry replay-dlq`: replays selected DLQ records through the triage service. */
export const replayDlqCommand = defineCommand({
  name: 'replay-dlq',
  summary: 'replay dead-letter records as new jobs (dry run, overrides, rate)',
  description: `Pushes dead-letter records through again as new jobs (also: pnpm replay-dlq …): the original job
data with the overrides, lineage { rootJobId, replayOf: dlqId, redriveCount + 1 }, and a job id fixed
per record and redrive, so replaying twice never adds a second job. Each replayed record is marked
replayed (kept for audit). Records already replayed are skipped; records whose chain was redriven
QUARRY_MAX_REDRIVES times (default ${triageDefaults.maxRedrives}) are quarantined and skipped unless --force.`,
  usage: '[selectors] [options]',
  options: () => [
    ...selectorOptions(),
    new Option('--dry-run', 'print the count and a sample of what would be replayed; change nothing'),
    new Option('-y, --yes', 'do not ask (without it, asks on a terminal and refuses without one)'),
    new Option('--rate <R>', 'at most R new jobs per second, evenly spaced (default unlimited)'),
    new Option('--concurrency <N>', `replays in flight at once (default ${triageDefaults.concurrency})`),
    new Option('--to-version <V>', 'run the replays on workflow version V: "latest" or a number'),
    new Option('--model <M>', "run the replays with model M (wins over the workflow's model)"),
    new Option('--max-attempts <N>', 'model attempts each replayed job may use (1-20)'),
    new Option('--force', 'replay quarantined records too'),
    new Option(
      '--json',
      'print { matched, replayed, skipped: [{ dlqId, why }], jobs: [{ dlqId, newJobId }], failed }',
    ),
  ],
  flags: SelectorFlags.extend({
    dryRun: switchFlag,
    yes: switchFlag,
    rate: numberFlag.optional(),
    concurrency: numberFlag.optional(),
    toVersion: textFlag.optional(),
    model: textFlag.optional(),
    maxAttempts: textFlag.optional(),
    force: switchFlag,
    json: switchFlag,
  }),
  helpAfter: `Exit codes: 0 when every matched record was replayed or rightly skipped (already replayed,
quarantined), 1 on bad usage, records that could not be replayed, a refused confirmation or no Redis.

${cliEnvironmentHelp}
${triageEnvironmentHelp}`,
  async run(flags, context) {
    const replay: ReplayOptions = {
      selectors: selectorsFromText(flags, Date.now()),
      overrides: overridesFromText({
        toVersion: flags.toVersion,
        model: flags.model,
        maxAttempts: flags.maxAttempts,
      }),
      force: flags.force,
      ...(flags.rate === undefined ? {} : { rate: flags.rate }),
      ...(flags.concurrency === undefined ? {} : { concurrency: flags.concurrency }),
    };
    return withTriage(context, 'replay-dlq', async (triage) => {
      const plan = await triage.replayDlq({ ...replay, dryRun: true });
      if (flags.dryRun || plan.planned.length === 0) {
        printReplayReport(plan, flags.json, context);
        return plan.failed.length > 0 ? exitCodes.failure : exitCodes.ok;
      }
      if (!flags.yes) {
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
      const progress = context.terminal ? replayProgressBar(context.terminal) : undefined;
      let report: ReplayReport;
      try {
        report = await triage.replayDlq({
          ...replay,
          ...(progress ? { onProgress: (step) => progress.update(step) } : {}),
        });
      } finally {
        progress?.stop();
      }
      printReplayReport(report, flags.json, context);
      return report.failed.length > 0 ? exitCodes.failure : exitCodes.ok;
    });
  },
});
