import { randomUUID } from 'node:crypto';
import { DEFAULT_ORPHAN_GRACE_MS, type OrphanDeletion, readBlobConfig } from '@quarry/blobs';
import type { BlobKey } from '@quarry/core';
import { terminalText } from '@quarry/env';
import type { BlobGcMarks } from '@quarry/queue';
import type { z } from 'zod';
import { cliConfig } from '../cli-config';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { BlobsGcFlags } from './blobs-gc-command';
import { withCliRedis } from './with-cli-redis';

/** Runs `quarry blobs gc`. */
export async function blobsGc(flags: z.output<typeof BlobsGcFlags>, context: CliContext): Promise<number> {
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
      `${verb} ${deleted.length} of ${scanned} blob(s); ${referenced} referenced by jobs, DLQ records or labelled sets${kept.length > 0 ? `; ${kept.length} kept, being enqueued again` : ''}\n`,
    );
    return exitCodes.ok;
  } finally {
    blobs.close();
  }
}

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
