import { triageDefaults } from '@quarry/triage';
import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp, triageEnvironmentHelp } from '../environment-help';
import { positiveDecimalFlag, switchFlag, textFlag } from '../flag-schemas';
import { SelectorFlags, selectorOptions } from './selector-flags';

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

export const ReplayDlqFlags = SelectorFlags.extend({
  dryRun: switchFlag,
  yes: switchFlag,
  rate: positiveDecimalFlag('jobs per second').optional(),
  concurrency: concurrencyFlag.optional(),
  toVersion: textFlag.optional(),
  model: textFlag.optional(),
  maxAttempts: maxAttemptsFlag.optional(),
  force: switchFlag,
  json: switchFlag,
});

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
    new Option('--max-attempts <N>', 'model calls each replayed job may make (1-20)'),
    new Option('--force', 'replay quarantined records too'),
    new Option(
      '--json',
      'print { matched, replayed, skipped: [{ dlqId, why }], jobs: [{ dlqId, newJobId }], failed }',
    ),
  ],
  flags: ReplayDlqFlags,
  examples: [
    'quarry replay-dlq --ids <dlqId>,<dlqId> --dry-run',
    'quarry replay-dlq --fingerprint <F> --to-version latest --rate 2 --yes',
  ],
  helpAfter: `Exit codes: 0 when every matched record was replayed or rightly skipped (already replayed,
quarantined), 1 on bad usage, records that could not be replayed, a refused confirmation or no Redis.

${cliEnvironmentHelp}
${triageEnvironmentHelp}`,
  run: async (flags, context) => (await import('./replay-dlq-run')).replayDlq(flags, context),
});
