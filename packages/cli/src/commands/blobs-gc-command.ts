import { randomUUID } from 'node:crypto';
import { DEFAULT_ORPHAN_GRACE_MS, type OrphanDeletion, readBlobConfig } from '@quarry/blobs';
import type { BlobKey } from '@quarry/core';
import { terminalText } from '@quarry/env';
import type { BlobGcMarks } from '@quarry/queue';
import { parseDuration } from '@quarry/triage';
import { Option } from 'commander';
import { z } from 'zod';
import { cliConfig } from '../cli-config';
import { defineCommand } from '../define-command';
import { blobEnvironmentHelp, cliEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { switchFlag } from '../flag-schemas';
import { withCliRedis } from './with-cli-redis';

/** Longest grace period `--grace` takes: a year. */
const MAX_GRACE_MS = 365 * 86_400_000;

/** A duration from 0 to a year (`24h`, `7d`, `0s`), in milliseconds. */
const graceFlag = z
  .string()
  .transform((text) => parseDuration(text) ?? -1)
  .refine((ms) => ms >= 0 && ms <= MAX_GRACE_MS, {
    error: 'must be a duration from 0s to 365d, such as 24h',
  });

/** `quarry blobs gc`: removes stored documents no job or DLQ record refers to any more. */
export const blobsGcCommand = defineCommand({
  name: 'blobs gc',
  summary: 'remove stored documents that no job or dead-letter record refers to',
  description: `Removes the blobs (stored documents) that no job of the extraction queue, in any state, and
no dead-letter record refers to any more, once they are older than the grace period: a blob lives as
long as its job or its DLQ record, and goes once retention has removed them. A document stored by a
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
  flags: z.object({ dryRun: switchFlag, grace: graceFlag.optional(), json: switchFlag }),
  examples: ['quarry blobs gc --dry-run', 'quarry blobs gc --grace 48h --json'],
  helpAfter: `${cliEnvironmentHelp}\n${blobEnvironmentHelp}`,
  async run(flags, context) {
    const config = cliConfig(context.env);
    const owner = randomUUID();
    const {
      BLOB_DELETION_LEASE_MS,
      BlobGcMarks,
      blobReferences,
      collectOrphanBlobs,
      createBlobStore,
      openQueues,
    } = await import('./on-demand');
    const blobs = createBlobStore(readBlobConfig({ env: context.env, program: 'CLI', cwd: context.cwd }));
    try {
      const { scanned, deleted, kept, referenced } = await withCliRedis(
        {
          operation: 'blobs gc',
          redisUrl: config.redisUrl,
          redisUrlRedacted: config.redisUrlRedacted,
          open: (connection) => ({ connection, queues: openQueues({ connection, config: config.queue }) }),
          close: ({ queues }) => queues.close(),
        },
        async ({ connection, queues }) => {
          const marks = new BlobGcMarks({ redis: connection, keys: queues.keys });
          // The server's time before the references are read: a producer's mark since then keeps its blob.
          const startedAt = await marks.now();
          const references = await blobReferences({ redis: connection, queues });
          const collected = await collectOrphanBlobs({
            store: blobs.store,
            isReferenced: (key) => references.has(key),
            claimDeletion: (key) =>
              claimDeletion({
                marks,
                key,
                startedAt,
                owner,
                graceMs: flags.grace ?? DEFAULT_ORPHAN_GRACE_MS,
                leaseMs: BLOB_DELETION_LEASE_MS,
              }),
            dryRun: flags.dryRun,
            ...(flags.grace !== undefined ? { graceMs: flags.grace } : {}),
          });
          return { ...collected, referenced: references.size };
        },
      );
      if (flags.json) {
        context.stdout(`${JSON.stringify({ scanned, removed: deleted, dryRun: flags.dryRun })}\n`);
        return exitCodes.ok;
      }
      for (const key of deleted) context.stdout(`${terminalText(key)}\n`);
      const verb = flags.dryRun ? 'would remove' : 'removed';
      context.stderr(
        `${verb} ${deleted.length} of ${scanned} blob(s); ${referenced} referenced by jobs or DLQ records${kept.length > 0 ? `; ${kept.length} kept, being enqueued again` : ''}\n`,
      );
      return exitCodes.ok;
    } finally {
      blobs.close();
    }
  },
});

/** Claims one delete in Redis; the delete is cut off at half the claim's lease, so it ends before the claim does. */
async function claimDeletion(options: {
  readonly marks: BlobGcMarks;
  readonly key: BlobKey;
  readonly startedAt: number;
  readonly owner: string;
  readonly graceMs: number;
  /** How long a claim stands (`BLOB_DELETION_LEASE_MS`). */
  readonly leaseMs: number;
}): Promise<OrphanDeletion> {
  const { marks, key, owner } = options;
  const claim = await marks.claimDeletion(options);
  switch (claim.type) {
    case 'claimed':
      return {
        type: 'delete',
        signal: AbortSignal.timeout(options.leaseMs / 2),
        release: () => marks.releaseDeletion({ key, owner }),
      };
    case 'marked':
    case 'busy':
      return { type: 'keep', reason: claim.type };
  }
}
