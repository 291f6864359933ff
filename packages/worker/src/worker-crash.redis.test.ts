import { attemptJobKey, quarryKeys } from '@quarry/queue';
import type { StandinReply } from '@quarry/standin';
import { describe, expect } from 'vitest';
import { it, type WorkerTestBed } from './test-fixtures/use-worker-harness';
import { ticket, ticketText, waitFor } from './worker-test-harness';

const sample = ticket;
const text = ticketText('crash');

/**
 * A harness whose `document` is answered with an invalid reply, then a reply held for 30 s, then
 * `then`; and a worker process (short locks) that is ready to take the job and to be killed.
 */
async function doomedWorker(testBed: WorkerTestBed, document: string, then: readonly StandinReply[] = []) {
  const h = await testBed.harness({
    plan: {
      [document]: [
        { kind: 'json', value: { ...sample.truth, confidence: 5 } },
        { kind: 'delay', ms: 30_000, reply: { kind: 'json', value: sample.truth } },
        ...then,
      ],
    },
    env: { LOCK_DURATION_MS: '1000', STALLED_INTERVAL_MS: '300' },
  });
  const doomed = testBed.spawnWorker({ ...h.env, LOG_LEVEL: 'info' });
  await doomed.ready;
  return { h, doomed };
}

describe('a worker process killed mid-job (real Redis, SDK against the stand-in)', () => {
  it('completes the job on another worker without paying again for the saved attempts', async ({
    testBed,
  }) => {
    const { h, doomed } = await doomedWorker(testBed, 'crash', [{ kind: 'json', value: sample.truth }]);

    const { jobId } = await h.client.enqueue('support-ticket', { text });
    const enqueued = await h.rawQueue().getJob(jobId);
    if (!enqueued) throw new Error(`no job ${jobId}`);
    const attemptsKey = quarryKeys({ prefix: h.prefix }).attempts(attemptJobKey(enqueued));
    await waitFor(
      async () => h.requestsFor('crash').length === 2 && (await h.redis.hlen(attemptsKey)) === 1,
      15_000,
      'the first attempt to be saved and the second call to be in flight',
    );
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toMatchObject({ signal: 'SIGKILL' });

    await h.startWorker({ STALLED_INTERVAL_MS: '300' });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 20_000 });
    expect(result).toMatchObject({ data: sample.truth, attempts: 2 });

    // Three calls: the saved attempt, the one cut off by the kill (never answered), the resumed one.
    const requests = h.requestsFor('crash');
    expect(requests).toHaveLength(3);
    expect(h.standin.stats.perDocument.crash?.answered).toBe(result.attempts);
    // Once the job completed its attempt records are deleted.
    await waitFor(async () => (await h.redis.exists(attemptsKey)) === 0, 10_000, 'the records to be deleted');
    // The resumed call carries attempt 1's feedback instead of starting over.
    expect(requests[2]?.body.messages.length).toBeGreaterThan(1);
    expect(JSON.stringify(requests[2]?.body.messages)).toContain('confidence');
    const job = await h.rawQueue().getJob(jobId);
    expect(job?.stalledCounter).toBe(1);
  });
});

describe('a job stalled past maxStalledCount', () => {
  it('is dead-lettered as stalled by the periodic reconciler, with its saved attempts', async ({
    testBed,
  }) => {
    const { h, doomed } = await doomedWorker(testBed, 'stall');
    const { jobId } = await h.client.enqueue('support-ticket', { text: ticketText('stall') });
    await waitFor(() => h.requestsFor('stall').length === 2, 15_000, 'the second call to be in flight');
    doomed.child.kill('SIGKILL');
    await doomed.exited;

    await h.startWorker({ MAX_STALLED_COUNT: '0', RECONCILE_INTERVAL_MS: '200', RECONCILE_GRACE_MS: '0' });
    const record = await h.dlqRecordOf(jobId, 15_000);
    expect(record.reason.kind).toBe('stalled');
    expect(record.attempts.map((attempt) => attempt.n)).toEqual([1]);
    expect(h.requestsFor('stall')).toHaveLength(2);
    expect(await h.dlqCount()).toBe(1);
  });
});
