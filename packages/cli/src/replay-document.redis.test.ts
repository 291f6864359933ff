import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createQuarryClient, DeadLetteredError, type QuarryClient } from '@quarry/client';
import { loadSamples, renderSamplePdf } from '@quarry/samples';
import { type RecordedRequest, type Standin, type StandinReply, startStandin } from '@quarry/standin';
import { it } from '@quarry/testing';
import { createWorker, loadWorkerConfig, type QuarryWorker } from '@quarry/worker';
import { defaultRegistry } from '@quarry/workflows';
import { afterAll, describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';

const [sample] = loadSamples('invoice');
if (!sample) throw new Error('no invoice samples');

/** The file id the document block of a request references. */
const fileIdOf = (request: RecordedRequest): string | undefined => {
  const first = request.body.messages[0]?.content;
  const source = Array.isArray(first) ? (first[0] as { source?: { file_id?: string } }).source : undefined;
  return source?.file_id;
};

/**
 * A PDF job dead-letters (every answer misses the invoice's fields), the worker that took it is
 * closed, another one started, and `quarry replay-dlq` replays the record: the DLQ record kept the
 * blob reference (never the bytes), and the replay references the file uploaded the first time,
 * within its retention, with no new upload.
 */
describe('replay of a dead-lettered document job, by a worker that did not take it', {
  timeout: 60_000,
}, () => {
  let dir: string;
  let standin: Standin;
  let client: QuarryClient;
  let env: Record<string, string>;
  let good = false;
  const workers: QuarryWorker[] = [];

  it.beforeAll(async ({ redisUrl, filePrefix }) => {
    dir = await mkdtemp(join(tmpdir(), 'quarry-cli-replay-doc-'));
    standin = await startStandin({
      script: (): StandinReply => ({
        kind: 'json',
        value: good ? sample.truth : { note: 'no invoice here' },
      }),
    });
    env = { REDIS_URL: redisUrl, QUARRY_PREFIX: filePrefix, QUARRY_BLOB_DIR: join(dir, 'blobs') };
    client = createQuarryClient({
      redisUrl,
      registry: defaultRegistry(),
      config: { prefix: filePrefix },
      maxPollIntervalMs: 100,
    });
  });
  afterAll(async () => {
    await client?.close();
    await Promise.all(workers.map((worker) => worker.close({ graceMs: 1000 })));
    await standin?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const startWorker = async (): Promise<QuarryWorker> => {
    const worker = createWorker({
      config: loadWorkerConfig({
        ...env,
        ANTHROPIC_API_KEY: 'test-key',
        ANTHROPIC_BASE_URL: standin.url,
        LOG_LEVEL: 'silent',
        JOB_ATTEMPTS: '2',
        BACKOFF_BASE_MS: '50',
        BACKOFF_CAP_MS: '200',
      }),
      registry: defaultRegistry(),
    });
    workers.push(worker);
    await worker.waitUntilReady();
    return worker;
  };

  it('completes from the stored blob and the same file id, with zero new uploads', async () => {
    const file = join(dir, 'invoice.pdf');
    await writeFile(file, (await renderSamplePdf({ text: sample.text, layout: 'letter-plain' })).bytes);
    const enqueued = await runQuarry(['enqueue', '-w', 'invoice', '--file', file, '--json'], env);
    expect(enqueued.code).toBe(0);
    const { jobId, document } = JSON.parse(enqueued.stdout) as { jobId: string; document: { key: string } };

    const first = await startWorker();
    const failed = await client.waitForResult(jobId, { timeoutMs: 20_000 }).catch((error: unknown) => error);
    if (!(failed instanceof DeadLetteredError)) throw new Error(`job ${jobId} was not dead-lettered`);
    await first.close({ graceMs: 1000 });
    expect(standin.stats.files.uploaded).toBe(1);
    const uploadedId = fileIdOf(standin.requests[0] as RecordedRequest);
    expect(uploadedId).toMatch(/^file_/);
    expect(standin.requests.map(fileIdOf)).toEqual([uploadedId, uploadedId]);

    const shown = JSON.parse((await runQuarry(['dlq', 'show', failed.dlqId, '--json'], env)).stdout);
    // The same invalid answer twice: the loop stops as making no progress.
    expect(shown.record.reason.kind).toBe('no_progress');
    expect(shown.record.input.input).toEqual({
      document: { mediaType: 'application/pdf', source: { type: 'blob', key: document.key } },
    });

    good = true;
    await startWorker();
    const replay = await runQuarry(['replay-dlq', '--ids', failed.dlqId, '--yes', '--json'], env);
    expect(replay.code).toBe(0);
    const [replayed] = JSON.parse(replay.stdout).jobs as { newJobId: string }[];
    const result = await client.waitForResult(replayed?.newJobId ?? '', { timeoutMs: 20_000 });
    expect(result.data).toEqual(sample.truth);
    expect(standin.stats.files.uploaded).toBe(1);
    expect(standin.requests.map(fileIdOf)).toEqual([uploadedId, uploadedId, uploadedId]);
  });
});
