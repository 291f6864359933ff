import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryBlobStore } from '@quarry/blobs';
import { createQuarryClient } from '@quarry/client';
import { paddedPdf } from '@quarry/documents/testing';
import { openQueues } from '@quarry/queue';
import { it } from '@quarry/testing';
import { defaultRegistry } from '@quarry/workflows';
import { afterAll, describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';

const keyOf = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/**
 * A PDF whose key sorts after most others but within gc's first page of 1,000 (`sha256:f0…`): gc
 * lists it (with its old age) before the producer stores it again, and reaches it last.
 */
async function lateSortingPdf(): Promise<Uint8Array> {
  for (let size = 3000; ; size += 1) {
    const bytes = await paddedPdf(size);
    if (keyOf(bytes).startsWith('sha256:f0')) return bytes;
  }
}

describe('quarry blobs gc, while a producer enqueues', () => {
  let dir: string;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('row 145: a blob re-stored by enqueueDocument while gc deletes 1,000 orphans is kept for its job', async ({
    redis,
    redisUrl,
    prefix,
  }) => {
    dir = await mkdtemp(join(tmpdir(), 'quarry-gc-race-'));
    const blobDir = join(dir, 'blobs');
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix, QUARRY_BLOB_DIR: blobDir };
    const store = new DirectoryBlobStore({ dir: blobDir, maxBytes: 1024 * 1024, timeoutMs: 10_000 });
    const document = await lateSortingPdf();
    // The document of a finished job (no job refers to it any more) among 1,000 orphans.
    const target = await store.put({ bytes: document });
    const orphans = await Promise.all(
      Array.from({ length: 1000 }, () => store.put({ bytes: randomBytes(64) })),
    );
    const first = orphans.map((put) => put.key).sort()[0] ?? '';
    const client = createQuarryClient({
      redisUrl,
      registry: defaultRegistry(),
      config: { prefix },
      blobs: store,
    });
    const queues = openQueues({ connection: redis, config: { prefix } });
    try {
      const gc = runQuarry(['blobs', 'gc', '--grace', '0s', '--json'], env);
      // Once gc is deleting (it read its references and listed the store), the producer sends the same bytes.
      await expect
        .poll(() => store.has({ key: first as `sha256:${string}` }), { timeout: 60_000 })
        .toBe(false);
      const job = await client.enqueueDocument({ workflow: 'invoice', bytes: document });
      expect(job.document.key).toBe(target.key);
      const run = await gc;
      expect(run.code).toBe(0);
      const { removed } = JSON.parse(run.stdout) as { removed: string[] };
      expect(removed).not.toContain(target.key);
      expect(removed.length).toBeGreaterThan(900);
      // The job's bytes are there for the worker.
      expect(await store.has({ key: target.key })).toBe(true);
      expect((await queues.queue.getJob(job.jobId))?.data.input.document.source.key).toBe(target.key);
    } finally {
      await client.close();
      await queues.close();
    }
  }, 120_000);
});
