import { createQuarryClient, type QuarryClient } from '@quarry/client';
import { type BatchSummary, quarryKeys } from '@quarry/queue';
import { loadSamples } from '@quarry/samples';
import { type Standin, startStandin } from '@quarry/standin';
import { it } from '@quarry/testing';
import { createWorker, loadWorkerConfig, type QuarryWorker } from '@quarry/worker';
import { defaultRegistry } from '@quarry/workflows';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';

const [sample] = loadSamples('invoice');
if (!sample) throw new Error('no invoice samples');

/** Polls `check` every 50 ms until it is true, or fails after `timeoutMs`. */
async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('quarry batches (real worker, batch lane against the stand-in)', { timeout: 60_000 }, () => {
  let redis: Redis;
  let standin: Standin;
  let worker: QuarryWorker;
  let client: QuarryClient;
  let env: Record<string, string>;
  let prefix: string;
  const quarry = (args: readonly string[], extra: Record<string, string> = {}) =>
    runQuarry(args, { ...env, ...extra });
  const listed = async (): Promise<BatchSummary[]> =>
    (JSON.parse((await quarry(['batches', 'list', '--json'])).stdout) as { batches: BatchSummary[] }).batches;

  it.beforeAll(async ({ redisUrl, redis: connection, filePrefix }) => {
    redis = connection;
    prefix = filePrefix;
    // Every batch takes 4 s, long enough to cancel it first.
    standin = await startStandin({
      simulate: { corpus: [{ workflow: 'invoice', text: sample.text, truth: sample.truth }] },
      batches: { delayMs: 4000 },
    });
    env = {
      REDIS_URL: redisUrl,
      QUARRY_PREFIX: prefix,
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: standin.url,
    };
    worker = createWorker({
      config: loadWorkerConfig({
        ...env,
        LOG_LEVEL: 'silent',
        BATCH_MAX_WAIT_MS: '0',
        BATCH_POLL_INTERVAL_MS: '100',
      }),
      registry: defaultRegistry(),
    });
    await worker.waitUntilReady();
    client = createQuarryClient({ redisUrl, registry: defaultRegistry(), config: { prefix } });
  });

  afterAll(async () => {
    await client?.close();
    await worker?.close({ graceMs: 1000 });
    await standin?.close();
  });

  it('cancels a batch in flight: its jobs are collected again into a later batch and complete', async () => {
    const jobs = await Promise.all(
      ['A', 'B'].map((n) =>
        client.enqueue('invoice', { text: sample.text }, { lane: 'batch', idempotencyKey: `cancel-${n}` }),
      ),
    );
    await waitUntil(
      async () =>
        (await listed()).filter((b) => b.status === 'in_progress').reduce((n, b) => n + b.requests, 0) === 2,
      'both jobs in a batch',
    );
    const first = await listed();
    for (const batch of first) {
      const run = await quarry(['batches', 'cancel', batch.batchId, '--json']);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(run.stdout)).toEqual({ batchId: batch.batchId, status: 'canceling' });
    }
    for (const { jobId } of jobs) {
      expect(await client.waitForResult(jobId, { timeoutMs: 30_000 })).toMatchObject({
        attempts: 1,
        data: sample.truth,
      });
    }
    expect(standin.stats.batches.results.canceled).toBe(2);
    await waitUntil(async () => (await listed()).every((b) => b.status === 'ended'), 'every batch ended');
    const after = await listed();
    for (const batch of first) {
      expect(after.find((b) => b.batchId === batch.batchId)).toMatchObject({
        status: 'ended',
        results: { succeeded: 0, canceled: batch.requests },
        costUsd: 0,
      });
    }
    const later = after.filter((b) => !first.some((f) => f.batchId === b.batchId));
    expect(later.reduce((n, b) => n + b.results.succeeded, 0)).toBe(2);
    expect(later.reduce((n, b) => n + b.costUsd, 0)).toBeCloseTo(standin.stats.billing.batch.costUsd, 10);

    // A cancel of an ended batch changes nothing; show lists the jobs of the canceled batch.
    const [canceled] = first;
    const again = await quarry(['batches', 'cancel', canceled?.batchId ?? '']);
    expect(again).toMatchObject({
      code: 0,
      stderr: `batch ${canceled?.batchId} has ended; nothing to cancel\n`,
    });
    const shown = await quarry(['batches', 'show', canceled?.batchId ?? '', '--json']);
    const detail = JSON.parse(shown.stdout) as {
      requestList: { jobId: string; attempt: number; result: string }[];
    };
    expect(detail.requestList.map((r) => [r.attempt, r.result])).toEqual(
      detail.requestList.map(() => [1, 'canceled']),
    );
    expect(jobs.map((j) => j.jobId)).toEqual(expect.arrayContaining(detail.requestList.map((r) => r.jobId)));
    const text = await quarry(['batches', 'show', canceled?.batchId ?? '']);
    expect(text.stdout).toMatch(new RegExp(`Batch +${canceled?.batchId}\\n`));
    expect(text.stdout).toMatch(/Results +0 succeeded, 0 errored, 0 expired, \d canceled, 0 pending/);
    expect(text.stdout).toMatch(/CUSTOM ID +JOB +ATTEMPT +RESULT\n/);
  });

  it('lists batches and waiting attempts as a table with neutralised text, and stable JSON', async () => {
    const keys = quarryKeys({ prefix }).batch;
    // A record as a hostile or broken writer could leave it: control characters in the model.
    await redis.hset(keys.record('msgbatch_evil'), {
      batchId: 'msgbatch_evil',
      model: 'claude\u001b[31m-red\u0007',
      submittedAt: String(Date.now() + 60_000),
      requests: '3',
      status: 'in_progress',
      'n:succeeded': '1',
      costUsd: '0.5',
    });
    await redis.zadd(keys.recent(), Date.now() + 60_000, 'msgbatch_evil');
    await redis.zadd(keys.waiting('claude-x'), Date.now() - 90_000, 'j9@1#1');
    await redis.sadd(keys.models(), 'claude-x');
    const text = await quarry(['batches', 'list']);
    expect(text.code).toBe(0);
    expect(text.stdout).not.toContain('\u001b');
    expect(text.stdout).not.toContain('\u0007');
    expect(text.stdout).toMatch(
      /^BATCH ID +MODEL +STATUS +REQUESTS +SUCCEEDED +ERRORED +EXPIRED +CANCELED +PENDING +COST +AGE\n/,
    );
    expect(text.stdout).toMatch(
      /\nmsgbatch_evil +claude\\u001b\[31m-red\\u0007 +ended +3 +1 +0 +0 +0 +2 +\$0\.5000 +0s\n/,
    );
    expect(text.stdout).toMatch(
      /\nWaiting to be collected:\nMODEL +WAITING +OLDEST\n(?:.*\n)*claude-x +1 +1m\n/,
    );
    const json = JSON.parse((await quarry(['batches', 'list', '--json', '--limit', '1'])).stdout);
    expect(json).toEqual({
      batches: [
        {
          batchId: 'msgbatch_evil',
          model: 'claude\u001b[31m-red\u0007',
          status: 'ended',
          submittedAt: expect.any(String),
          endedAt: null,
          requests: 3,
          results: { succeeded: 1, errored: 0, expired: 0, canceled: 0 },
          pending: 2,
          costUsd: 0.5,
        },
      ],
      collectors: expect.arrayContaining([
        { model: 'claude-x', waiting: 1, oldestWaitingSince: expect.any(String) },
      ]),
    });
  });

  it('row 103: quarry batches show ../x, an unknown batch id -> refuses bad input naming the problem: a bad or unknown id, a bad limit, no API key', async () => {
    const hint = (command: string) => `Run "quarry batches ${command} --help" for usage.\n`;
    expect(await quarry(['batches', 'show', 'msgbatch_unknown'])).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        'quarry batches show: no batch msgbatch_unknown is known to this queue (in flight or ended within the last 7 days)\n',
    });
    expect(await quarry(['batches', 'show', '../x'])).toMatchObject({
      code: 1,
      stderr: `quarry batches show: the batch id must be 1 to 128 letters, digits, _ or -\n${hint('show')}`,
    });
    expect(await quarry(['batches', 'list', '--limit', '0'])).toMatchObject({
      code: 1,
      stderr: `quarry batches list: --limit must be a positive integer, got "0"\n${hint('list')}`,
    });
    expect(await quarry(['batches', 'list', '--limit', '5000'])).toMatchObject({
      code: 1,
      stderr: `quarry batches list: --limit must be at most 1000, got "5000"\n${hint('list')}`,
    });
    const noKey = await quarry(['batches', 'cancel', 'msgbatch_unknown'], { ANTHROPIC_API_KEY: '' });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain('ANTHROPIC_API_KEY');
    expect(await quarry(['batches', 'cancel', 'msgbatch_unknown'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no batch msgbatch_unknown is known to this queue'),
    });
  });
});
