import { DEFAULT_ORPHAN_GRACE_MS } from '@quarry/blobs';
import { parseDuration } from '@quarry/triage';
import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { blobEnvironmentHelp, cliEnvironmentHelp } from '../environment-help';
import { switchFlag } from '../flag-schemas';

/** Longest grace period `--grace` takes: a year. */
const MAX_GRACE_MS = 365 * 86_400_000;

/** A duration from 0 to a year (`24h`, `7d`, `0s`), in milliseconds. */
const graceFlag = z
  .string()
  .transform((text) => parseDuration(text) ?? -1)
  .refine((ms) => ms >= 0 && ms <= MAX_GRACE_MS, {
    error: 'must be a duration from 0s to 365d, such as 24h',
  });

export const BlobsGcFlags = z.object({ dryRun: switchFlag, grace: graceFlag.optional(), json: switchFlag });

/** `quarry blobs gc`: removes stored documents no job, DLQ record or labelled set refers to any more. */
export const blobsGcCommand = defineCommand({
  name: 'blobs gc',
  summary: 'remove stored documents that no job, dead-letter record or labelled set refers to',
  description: `Removes the blobs (stored documents) that no job of the extraction queue, in any state, no
dead-letter record and no item of a stored labelled set refers to any more, once they are older than
the grace period: a blob lives as long as its job or its DLQ record, and goes once retention has
removed them (a labelled set keeps its documents until the set is deleted). A document stored by a
producer whose enqueue then failed goes the same way. The references are read from Redis once per run;
each delete is then decided right before it, in one atomic step in Redis: a blob that a producer
stores again (enqueueDocument marks it first) after the run began is kept, and a producer that
stores a blob while its delete is under way waits for it and stores the bytes again.`,
  usage: '[--dry-run] [--grace <duration>] [--json]',
  options: () => [
    new Option('--dry-run', 'list what would be removed, removing nothing'),
    new Option(
      '--grace <d>',
      `keep blobs younger than this, referenced or not (default ${DEFAULT_ORPHAN_GRACE_MS / 3_600_000}h)`,
    ),
    new Option('--json', 'print { scanned, removed: [key, …], dryRun }'),
  ],
  flags: BlobsGcFlags,
  examples: ['quarry blobs gc --dry-run', 'quarry blobs gc --grace 48h --json'],
  helpAfter: `${cliEnvironmentHelp}\n${blobEnvironmentHelp}`,
  run: async (flags, context) => (await import('./blobs-gc-run')).blobsGc(flags, context),
});
