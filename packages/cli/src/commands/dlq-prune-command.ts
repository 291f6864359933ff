import { parseDuration, triageDefaults } from '@quarry/triage';
import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp, triageEnvironmentHelp } from '../environment-help';
import { switchFlag } from '../flag-schemas';

/** A duration longer than zero (`7d`, `12h`), in milliseconds. */
const durationFlag = z
  .string()
  .transform((text) => parseDuration(text) ?? 0)
  .refine((ms) => ms > 0, { error: 'must be a duration such as 7d or 12h' });

export const DlqPruneFlags = z.object({ olderThan: durationFlag.optional(), json: switchFlag });

/** `quarry dlq prune`: applies the audit retention of replayed records. */
export const dlqPruneCommand = defineCommand({
  name: 'dlq prune',
  summary: 'remove replayed dead-letter records past their retention',
  description: `Removes replayed dead-letter records kept for audit once they are older than the retention
(QUARRY_DLQ_REPLAYED_RETENTION_DAYS, default ${triageDefaults.replayedRetentionMs / 86_400_000} days). Records that were not replayed are never removed.`,
  usage: '[--older-than <duration>] [--json]',
  options: () => [
    new Option('--older-than <d>', 'replayed longer ago than this, e.g. 7d or 12h (default: the retention)'),
    new Option('--json', 'print { removed: [dlqId, …] }'),
  ],
  flags: DlqPruneFlags,
  examples: ['quarry dlq prune --older-than 7d --json'],
  helpAfter: `${cliEnvironmentHelp}\n${triageEnvironmentHelp}`,
  run: async (flags, context) => (await import('./dlq-prune-run')).dlqPrune(flags, context),
});
