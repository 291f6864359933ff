import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBlobStore, readBlobConfig } from '@quarry/blobs';
import { type LocalS3, startLocalS3 } from '@quarry/blobs/testing';
import type { BlobKey } from '@quarry/core';
import { paddedPdf } from '@quarry/documents/testing';
import { openQueues } from '@quarry/queue';
import { it } from '@quarry/testing';
import { afterAll, beforeAll, describe, expect } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const main = fileURLToPath(new URL('./main.ts', import.meta.url));

const keyOf = (bytes: Uint8Array): BlobKey => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** A PDF whose key sorts after most others but within gc's first page of 1,000 (`sha256:f0…`). */
async function lateSortingPdf(): Promise<Uint8Array> {
  for (let size = 3000; ; size += 1) {
    const bytes = await paddedPdf(size);
    if (keyOf(bytes).startsWith('sha256:f0')) return bytes;
  }
}

let s3: LocalS3;
let dir: string;
let stores = 0;
beforeAll(async () => {
  s3 = await startLocalS3();
  dir = await mkdtemp(join(tmpdir(), 'quarry-gc-race-processes-'));
});
afterAll(async () => {
  await s3?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The `QUARRY_BLOB_*` variables of a fresh store of each kind, as the CLI and the worker read them. */
const storeEnvs: Record<'directory' | 's3', () => Record<string, string>> = {
  directory: () => ({ QUARRY_BLOB_STORE: 'directory', QUARRY_BLOB_DIR: join(dir, `blobs-${++stores}`) }),
  s3: () => ({
    QUARRY_BLOB_STORE: 's3',
    QUARRY_S3_BUCKET: s3.bucket,
    QUARRY_S3_PREFIX: `race-${++stores}/`,
    QUARRY_S3_ENDPOINT: s3.endpoint,
    QUARRY_S3_REGION: 'us-east-1',
    QUARRY_S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    QUARRY_S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    QUARRY_S3_FORCE_PATH_STYLE: 'true',
  }),
};

/**
 * Orphans per store: s3rver answers 500 to a listing that would be truncated (over 1,000 keys), so
 * the S3 run keeps to one page; the target still sorts after about 94% of them.
 */
const orphanCounts = { directory: 1000, s3: 900 } as const;

describe.each(['directory', 's3'] as const)(
  'quarry blobs gc and a producer as processes (%s store)',
  (kind) => {
    it(`row 145: a blob re-stored by \`quarry enqueue --file\` while \`quarry blobs gc\` deletes 1,000 orphans is kept for its job (${kind})`, async ({
      redis,
      redisUrl,
      prefix,
      processes,
    }) => {
      const blobEnv = storeEnvs[kind]();
      const env = { ...process.env, REDIS_URL: redisUrl, QUARRY_PREFIX: prefix, ...blobEnv };
      const open = createBlobStore(readBlobConfig({ env: blobEnv, program: 'test', cwd: root }));
      const store = open.store;
      const queues = openQueues({ connection: redis, config: { prefix } });
      try {
        // The document of a finished job (no job refers to it any more) among 1,000 orphans.
        const document = await lateSortingPdf();
        const file = join(dir, `invoice-${stores}.pdf`);
        await writeFile(file, document);
        const target = keyOf(document);
        await store.put({ bytes: document });
        const orphans = await Promise.all(
          Array.from({ length: orphanCounts[kind] }, () => store.put({ bytes: randomBytes(64) })),
        );
        const first = orphans.map((put) => put.key).sort()[0] as BlobKey;

        const gc = processes.start({
          command: tsx,
          args: [main, 'blobs', 'gc', '--grace', '0s', '--json'],
          cwd: root,
          env,
          group: true,
        });
        // gc has read the references and listed the store (the target with its old age) once the
        // first orphan is gone; it is held there while the producer, another process, stores the bytes again.
        await expect
          .poll(
            async () => {
              if (gc.child.exitCode !== null) throw new Error(`gc ended first: ${gc.stderr}${gc.stdout}`);
              return store.has({ key: first });
            },
            { timeout: 150_000, interval: 20 },
          )
          .toBe(false);
        process.kill(-(gc.child.pid as number), 'SIGSTOP');
        try {
          expect(await store.has({ key: target })).toBe(true);
          const produced = await processes.run({
            command: tsx,
            args: [main, 'enqueue', '-w', 'invoice', '--file', file, '--json'],
            cwd: root,
            env,
            group: true,
            timeoutMs: 60_000,
          });
          expect(produced.code, produced.stderr).toBe(0);
          const job = JSON.parse(produced.stdout) as { jobId: string; document: { key: string } };
          expect(job.document.key).toBe(target);
          expect((await queues.queue.getJob(job.jobId))?.data.input.document.source.key).toBe(target);
        } finally {
          process.kill(-(gc.child.pid as number), 'SIGCONT');
        }

        const run = await gc.waitForExit({ timeoutMs: 90_000 });
        expect(run.code, run.stderr).toBe(0);
        const { removed } = JSON.parse(run.stdout) as { removed: string[] };
        expect(removed).not.toContain(target);
        expect(removed).toHaveLength(orphanCounts[kind]);
        // The job's bytes are there, whole, for the worker.
        expect(await store.get({ key: target })).toEqual(document);
      } finally {
        await queues.close();
        open.close();
      }
    }, 300_000);
  },
);
