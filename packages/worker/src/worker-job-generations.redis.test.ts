import { Writable } from 'node:stream';
import type { AttemptRecord } from '@quarry/core';
import { attemptInputHash, attemptJobKey, quarryKeys, RedisAttemptStore } from '@quarry/queue';
import { describe, expect } from 'vitest';
import { createLogger } from './create-logger';
import { it } from './test-fixtures/use-worker-harness';
import { doc, type WorkerHarness, waitFor } from './worker-test-harness';

const noteA = { title: 'invoice A', count: 1 };
const noteB = { title: 'invoice B', count: 2 };
/** What a plain BullMQ producer (the JSON contract) adds; `attempts` and backoff as documented. */
const plainJob = (name: string) => ({ workflow: 'note', version: 2, input: { text: doc(name) } });
const plainOptions = (jobId: string) => ({ jobId, attempts: 3, backoff: { type: 'quarry' } });

const attemptsKeyOf = async (h: WorkerHarness, jobId: string): Promise<string> => {
  const job = await h.rawQueue().getJob(jobId);
  if (!job) throw new Error(`no job ${jobId}`);
  return quarryKeys({ prefix: h.prefix }).attempts(attemptJobKey(job));
};

describe('a job id re-used after its job was removed (plain BullMQ producer)', () => {
  it('row 38: a job id re-used with another document -> gets a model call and its own data, never the earlier job’s saved attempt', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: {
        alpha: [{ kind: 'json', value: noteA }],
        beta: [{ kind: 'json', value: noteB }],
      },
    });
    await h.startWorker();
    const raw = h.rawQueue();

    await raw.add('extract', plainJob('alpha'), plainOptions('order-42'));
    expect(await h.client.waitForResult('order-42', { timeoutMs: 15_000 })).toMatchObject({ data: noteA });
    await raw.remove('order-42');

    await raw.add('extract', plainJob('beta'), plainOptions('order-42'));
    const result = await h.client.waitForResult('order-42', { timeoutMs: 15_000 });
    expect(result).toMatchObject({ data: noteB, attempts: 1 });
    expect(h.requestsFor('alpha')).toHaveLength(1);
    expect(h.requestsFor('beta')).toHaveLength(1);
  });
});

describe('stored attempts that answer another input', () => {
  it('row 39: stored attempts of the same generation that answer another input -> are discarded with a warning and the job asks the model for its own document', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ plan: { beta: [{ kind: 'json', value: noteB }] } });
    await h.rawQueue().add('extract', plainJob('beta'), plainOptions('order-7'));
    // A valid attempt for another document, saved under this very job generation (as a producer
    // rewriting the job's data in place, or re-creating it with the same id and timestamp, leaves).
    const job = await h.rawQueue().getJob('order-7');
    if (!job) throw new Error('no job');
    const store = new RedisAttemptStore({
      redis: h.redis,
      keys: quarryKeys({ prefix: h.prefix }),
      ttlSeconds: 600,
    });
    const foreign: AttemptRecord = {
      n: 1,
      startedAt: new Date().toISOString(),
      durationMs: 10,
      model: 'claude-haiku-4-5',
      strategy: 'structured',
      maxTokens: 4096,
      stopReason: 'end_turn',
      requestId: 'req_foreign',
      rawOutput: JSON.stringify(noteA),
      rawOutputTruncated: false,
      toolCallId: null,
      issues: [],
      usage: { inputTokens: 100, outputTokens: 20, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
      costUsd: 0.0002,
      inputHash: attemptInputHash({ workflow: 'note', version: 2, input: { text: doc('alpha') } }),
    };
    await store.append(attemptJobKey(job), foreign);

    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    await h.startWorker({}, { logger: createLogger({ level: 'warn', destination }) });
    const result = await h.client.waitForResult('order-7', { timeoutMs: 15_000 });
    expect(result).toMatchObject({ data: noteB, attempts: 1 });
    expect(h.requestsFor('beta')).toHaveLength(1);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40, // warn
        jobId: 'order-7',
        code: 'stored_attempts_mismatch',
        msg: expect.stringContaining('answer another input'),
      }),
    );
  });
});

describe('attempt records of a job that reached a terminal state', () => {
  it('are deleted once it completed', async ({ testBed }) => {
    const h = await testBed.harness({
      plan: {
        done: [
          { kind: 'json', value: { ...noteA, count: -1 } },
          { kind: 'json', value: noteA },
        ],
      },
    });
    await h.startWorker();
    await h.rawQueue().add('extract', plainJob('done'), plainOptions('done-1'));
    const key = await attemptsKeyOf(h, 'done-1');
    expect(await h.client.waitForResult('done-1', { timeoutMs: 15_000 })).toMatchObject({
      data: noteA,
      attempts: 2,
    });
    await waitFor(async () => (await h.redis.exists(key)) === 0, 10_000, 'the attempt records to be deleted');
  });

  it('row 40: attempt records outliving their job (kept 14 days) -> are deleted once dead-lettered, and the DLQ record keeps every attempt', async ({
    testBed,
  }) => {
    const bad = (count: number) => ({ kind: 'json', value: { ...noteA, count } }) as const;
    const h = await testBed.harness({ plan: { doomed: [bad(-1), bad(-2), bad(-3)] } });
    await h.startWorker();
    await h.rawQueue().add('extract', plainJob('doomed'), plainOptions('doomed-1'));
    const key = await attemptsKeyOf(h, 'doomed-1');
    const record = await h.dlqRecordOf('doomed-1', 15_000);
    expect(record.reason.kind).toBe('validation_exhausted');
    expect(record.attempts.map((attempt) => [attempt.n, attempt.issues.length > 0])).toEqual([
      [1, true],
      [2, true],
      [3, true],
    ]);
    expect(record.totals.modelCalls).toBe(3);
    await waitFor(async () => (await h.redis.exists(key)) === 0, 10_000, 'the attempt records to be deleted');
    expect(h.requestsFor('doomed')).toHaveLength(3);
  });
});
