import type { UnreadableJobData } from '@quarry/queue';
import { Worker } from 'bullmq';
import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote, type WorkerHarness, waitFor } from './worker-test-harness';

/**
 * Bad-input catalogue, queue problems: a job whose stored hash holds text that is not JSON (written
 * by hand, `HSET <job key> data 'not json {'`, or by a broken producer). BullMQ cannot build such a
 * job, so without care it stays in active, stalls, is taken again and fails again for ever.
 */

/** The key of a job's hash. */
const jobKey = (h: WorkerHarness, id: string): string => `${h.prefix}:${h.config.queue.queueName}:${id}`;

/** Adds a valid job with plain BullMQ, then overwrites fields of its hash. */
async function brokenJob(h: WorkerHarness, fields: Record<string, string>): Promise<string> {
  const job = await h.rawQueue().add('extract', { workflow: 'note', input: { text: doc('broken') } });
  await h.redis.hset(jobKey(h, job.id as string), fields);
  return job.id as string;
}

describe('bad-input catalogue: a job whose stored data is not JSON', () => {
  it("row 56: HSET <job key> data 'not json {…', a broken opts, 10 KB of junk -> dead-letters it once as bad_payload with the raw text capped and neutralised, and keeps working", async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    const cases: { fields: Record<string, string>; field: string; text: string; truncated: boolean }[] = [
      {
        fields: { data: 'not json {\u001b[31m' },
        field: 'data',
        text: 'not json {\\u001b[31m',
        truncated: false,
      },
      { fields: { opts: '{"attempts":' }, field: 'opts', text: '{"attempts":', truncated: false },
      {
        fields: { data: `<${'x'.repeat(10_000)}` },
        field: 'data',
        text: `<${'x'.repeat(2047)}`,
        truncated: true,
      },
    ];
    const ids: string[] = [];
    for (const { fields } of cases) ids.push(await brokenJob(h, fields));
    await h.startWorker();

    for (const [i, expected] of cases.entries()) {
      const id = ids[i] as string;
      const record = await h.dlqRecordOf(id, 15_000);
      expect(record.reason.kind).toBe('bad_payload');
      expect(record.reason.message).toMatch(
        new RegExp(`^The stored job cannot be read: ${expected.field}: not valid JSON: `),
      );
      const input = record.input as { unreadable: UnreadableJobData['unreadable'] };
      expect(input.unreadable).toEqual([
        expect.objectContaining({
          field: expected.field,
          text: expected.text,
          truncated: expected.truncated,
        }),
      ]);
      expect(record.attempts).toEqual([]);
      expect(await h.rawQueue().getJobState(id)).toBe('failed');
      // Taken once, not over and over (BullMQ's count of starts, read from the hash).
      expect(await h.redis.hget(jobKey(h, id), 'ats')).toBe('1');
    }
    expect(await h.rawQueue().getActiveCount()).toBe(0);

    const { jobId } = await h.client.enqueue('note', { text: doc('after') });
    expect(await h.client.waitForResult(jobId, { timeoutMs: 15_000 })).toMatchObject({ data: goodNote });
    // No model call for the broken jobs, one record each.
    expect(h.standin.requests).toHaveLength(1);
    expect(await h.dlqCount()).toBe(cases.length);
  });

  it('row 57: frees a job an older worker left looping through active, at once and as bad_payload', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ env: { STALLED_INTERVAL_MS: '500' } });
    const id = await brokenJob(h, { data: 'not json {' });
    // A worker that cannot read the job moves it to active and leaves it there (BullMQ's own Worker).
    const connection = h.redis.duplicate({ maxRetriesPerRequest: null });
    const plain = new Worker(h.config.queue.queueName, async () => 'never called', {
      connection,
      prefix: h.prefix,
      lockDuration: 500,
      stalledInterval: 500,
    });
    plain.on('error', () => {});
    // It stalls, is taken again and fails again, until BullMQ marks it to fail once it can be read.
    await waitFor(
      async () => (await h.redis.hget(jobKey(h, id), 'defa')) !== null,
      15_000,
      'the job to stall past MAX_STALLED_COUNT',
    );
    await plain.close();
    await connection.quit();
    expect(Number(await h.redis.hget(jobKey(h, id), 'ats'))).toBeGreaterThanOrEqual(2);

    await h.startWorker();
    // The worker takes it (stalled-job checks put it back in the wait list) and dead-letters it itself.
    const record = await h.dlqRecordOf(id, 15_000);
    expect(record.reason.kind).toBe('bad_payload');
    expect(await h.rawQueue().getJobState(id)).toBe('failed');
    expect(await h.rawQueue().getActiveCount()).toBe(0);
    expect(await h.dlqCount()).toBe(1);
  });
});
