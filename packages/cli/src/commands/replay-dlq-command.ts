import {
  isExplicitSelection,
  overridesFromText,
  type ReplayOptions,
  type ReplayReport,
  selectorsFromText,
  triageDefaults,
} from '@quarry/triage';
import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp, triageEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { positiveDecimalFlag, switchFlag, textFlag } from '../flag-schemas';
import { replayProgressBar } from '../replay-progress-bar';
import { UsageError } from '../usage-error';
import { printReplayReport } from './replay-report-text';
import { SelectorFlags, selectorOptions } from './selector-flags';
import { withTriage } from './with-triage';

/** What a replay without a narrowing selector is told (`--limit` alone does not choose records). */
const noSelectionProblem =
  'choose the records to replay with --ids, --fingerprint, --workflow, --reason, --since or --until, or pass --all';

/** `--concurrency`: a whole number from 1 to 64, as the triage service takes it. */
const concurrencyFlag = z
  .string()
  .regex(/^\d+$/, { error: 'must be an integer from 1 to 64' })
  .transform(Number)
  .refine((n) => n >= 1 && n <= 64, { error: 'must be an integer from 1 to 64' });

/** `--max-attempts`: a whole number from 1 to 20, the range of a job's overrides. */
const maxAttemptsFlag = z
  .string()
  .regex(/^\d+$/, { error: 'must be an integer from 1 to 20' })
  .refine((text) => Number(text) >= 1 && Number(text) <= 20, { error: 'must be an integer from 1 to 20' });

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
    new Option(
      '--rate <R>',
      'at most R new jobs per second (a positive number, e.g. 0.5), evenly spaced (default unlimited)',
    ),
    new Option(
      '--concurrency <N>',
      `replays in flight at once, 1-64 (default ${triageDefaults.concurrency})`,
    ),
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
    rate: positiveDecimalFlag('jobs per second').optional(),
    concurrency: concurrencyFlag.optional(),
    toVersion: textFlag.optional(),
    model: textFlag.optional(),
    maxAttempts: maxAttemptsFlag.optional(),
    force: switchFlag,
    json: switchFlag,
  }),
  examples: [
    'quarry replay-dlq --ids <dlqId>,<dlqId> --dry-run',
    'quarry replay-dlq --fingerprint <F> --to-version latest --rate 2 --yes',
  ],
  helpAfter: `Exit codes: 0 when every matched record was replayed or rightly skipped (already replayed,
quarantined), 1 on bad usage, records that could not be replayed, a refused confirmation or no Redis.

${cliEnvironmentHelp}
${triageEnvironmentHelp}`,
  async run(flags, context) {
    const selectors = selectorsFromText(flags, Date.now());
    if (!isExplicitSelection(selectors)) throw new UsageError(noSelectionProblem);
    const replay: ReplayOptions = {
      selectors,
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
