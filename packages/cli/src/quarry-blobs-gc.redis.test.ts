import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryBlobStore } from '@quarry/blobs';
import { paddedPdf } from '@quarry/documents/testing';
import { LabelledSetStore, openQueues } from '@quarry/queue';
import { it } from '@quarry/testing';
import { afterAll, describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';

const usageHint = 'Run "quarry blobs gc --help" for usage.\n';

/**
 * `quarry blobs gc`: a blob lives while a job or a DLQ record refers to it, and goes (after the
 * grace period) once both are removed; --dry-run removes nothing.
 */
describe('quarry blobs gc', () => {
  let dir: string;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('row 130: keeps blobs referenced by a waiting job or a DLQ record, and young ones; removes the rest', async ({
    redis,
    redisUrl,
    prefix,
  }) => {
    dir = await mkdtemp(join(tmpdir(), 'quarry-cli-gc-'));
    const blobDir = join(dir, 'blobs');
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix, QUARRY_BLOB_DIR: blobDir };
    const store = new DirectoryBlobStore({ dir: blobDir, maxBytes: 1024 * 1024, timeoutMs: 10_000 });
    const keys = async () => (await store.list({})).entries.map((entry) => entry.key).sort();

    // A waiting job, through the CLI.
    const file = join(dir, 'invoice.pdf');
    await writeFile(file, await paddedPdf(2000));
    const enqueued = await runQuarry(['enqueue', '-w', 'invoice', '--file', file, '--json'], env);
    expect(enqueued.code).toBe(0);
    const job = JSON.parse(enqueued.stdout) as { jobId: string; document: { key: string } };
    // A DLQ record holding its job's data, and a blob nothing refers to.
    const dead = await store.put({ bytes: await paddedPdf(2100) });
    const orphan = await store.put({ bytes: await paddedPdf(2200) });
    const queues = openQueues({ connection: redis, config: { prefix } });
    try {
      const document = { mediaType: 'application/pdf', source: { type: 'blob', key: dead.key } };
      await queues.dlq.add(
        'invoice@v2 · bad_document',
        {
          dlqId: 'dlq-gc-1',
          input: { workflow: 'invoice', version: 2, input: { document } },
        },
        { jobId: 'dlq-gc-1' },
      );
      const all = [job.document.key, dead.key, orphan.key].sort();
      expect(await keys()).toEqual(all);

      // Younger than the default grace (24 h): nothing goes.
      const young = await runQuarry(['blobs', 'gc', '--json'], env);
      expect(young).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(young.stdout)).toEqual({ scanned: 3, removed: [], dryRun: false });

      const dry = await runQuarry(['blobs', 'gc', '--grace', '0s', '--dry-run'], env);
      expect(dry).toMatchObject({
        code: 0,
        stdout: `${orphan.key}\n`,
        stderr: 'would remove 1 of 3 blob(s); 2 referenced by jobs, DLQ records or labelled sets\n',
      });
      expect(await keys()).toEqual(all);

      const gc = await runQuarry(['blobs', 'gc', '--grace', '0s', '--json'], env);
      expect(JSON.parse(gc.stdout)).toEqual({ scanned: 3, removed: [orphan.key], dryRun: false });
      expect(await keys()).toEqual([job.document.key, dead.key].sort());

      // Retention removes the job and the record: both blobs go with the next run. The producer's
      // mark (minutes old) keeps nothing at --grace 0s: the mark slack follows the grace.
      await queues.queue.remove(job.jobId);
      await queues.dlq.remove('dlq-gc-1');
      const after = await runQuarry(['blobs', 'gc', '--grace', '0s', '--json'], env);
      const removed = JSON.parse(after.stdout) as { scanned: number; removed: string[] };
      expect(removed.scanned).toBe(2);
      expect([...removed.removed].sort()).toEqual([job.document.key, dead.key].sort());
      expect(await keys()).toEqual([]);
    } finally {
      await queues.close();
    }
  });

  it('keeps a blob that only a labelled set item refers to, until the set is deleted', async ({
    redis,
    redisUrl,
    prefix,
  }) => {
    const base = await mkdtemp(join(tmpdir(), 'quarry-cli-gc-set-'));
    try {
      const blobDir = join(base, 'blobs');
      const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix, QUARRY_BLOB_DIR: blobDir };
      const store = new DirectoryBlobStore({ dir: blobDir, maxBytes: 1024 * 1024, timeoutMs: 10_000 });
      const keys = async () => (await store.list({})).entries.map((entry) => entry.key).sort();
      const kept = await store.put({ bytes: await paddedPdf(2300) });
      const orphan = await store.put({ bytes: await paddedPdf(2400) });
      const queues = openQueues({ connection: redis, config: { prefix } });
      try {
        await new LabelledSetStore({ redis, keys: queues.keys }).put('golden', {
          id: 'invoice-1',
          document: { kind: 'blob', key: kept.key, mediaType: 'application/pdf' },
          expected: { total: 12 },
        });
      } finally {
        await queues.close();
      }
      // The put's mark is older than the run: at --grace 0s only the set's reference keeps the blob.
      const gc = await runQuarry(['blobs', 'gc', '--grace', '0s'], env);
      expect(gc).toMatchObject({
        code: 0,
        stdout: `${orphan.key}\n`,
        stderr: 'removed 1 of 2 blob(s); 1 referenced by jobs, DLQ records or labelled sets\n',
      });
      expect(await keys()).toEqual([kept.key]);

      expect((await runQuarry(['eval', 'delete', 'golden', '--yes'], env)).code).toBe(0);
      const after = await runQuarry(['blobs', 'gc', '--grace', '0s', '--json'], env);
      expect(JSON.parse(after.stdout)).toEqual({ scanned: 1, removed: [kept.key], dryRun: false });
      expect(await keys()).toEqual([]);
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });

  it('names a bad flag, removing nothing', async ({ redisUrl, prefix }) => {
    const env = {
      REDIS_URL: redisUrl,
      QUARRY_PREFIX: prefix,
      QUARRY_BLOB_DIR: join(tmpdir(), 'quarry-gc-none'),
    };
    for (const [args, problem] of [
      [['--grace', 'soon'], '--grace must be a duration from 0s to 365d, such as 24h, got "soon"'],
      [['--grace', '400d'], '--grace must be a duration from 0s to 365d, such as 24h, got "400d"'],
    ] as const) {
      const run = await runQuarry(['blobs', 'gc', ...args], env);
      expect(run).toMatchObject({ code: 1, stdout: '', stderr: `quarry blobs gc: ${problem}\n${usageHint}` });
    }
    const unknown = await runQuarry(['blobs', 'gc', '--force'], env);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toContain("unknown option '--force'");
  });
});
