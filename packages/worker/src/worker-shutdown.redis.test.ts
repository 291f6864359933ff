import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote, ticket, ticketText, waitFor } from './worker-test-harness';

const slowly = (ms: number) => [{ kind: 'delay', ms, reply: { kind: 'json', value: goodNote } }] as const;

describe('graceful shutdown (real Redis, SDK against the stand-in)', () => {
  it('lets the in-flight job finish and takes no new job', async ({ testBed }) => {
    const h = await testBed.harness({ plan: { slow: slowly(800) } });
    const quarry = await h.startWorker();
    const slow = await h.client.enqueue('note', { text: doc('slow') });
    await waitFor(() => h.requestsFor('slow').length === 1, 10_000, 'the slow call');

    const closing = quarry.close();
    const late = await h.client.enqueue('note', { text: doc('late') });
    await closing;

    const raw = h.rawQueue();
    expect(await raw.getJobState(slow.jobId)).toBe('completed');
    expect((await raw.getJob(slow.jobId))?.returnvalue).toMatchObject({ data: goodNote, attempts: 1 });
    expect(await raw.getJobState(late.jobId)).toBe('prioritized'); // waiting its turn in the fair order
    expect(h.requestsFor('late')).toHaveLength(0);
  });

  it('cuts off a job that outlasts the grace period; it resumes on another worker without losing an attempt', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ plan: { stuck: slowly(30_000) } });
    const quarry = await h.startWorker();
    const { jobId } = await h.client.enqueue('note', { text: doc('stuck') });
    await waitFor(() => h.requestsFor('stuck').length === 1, 10_000, 'the stuck call');

    const started = Date.now();
    await quarry.close({ graceMs: 200 });
    expect(Date.now() - started).toBeLessThan(10_000);
    const raw = h.rawQueue();
    expect(await raw.getJobState(jobId)).toBe('prioritized'); // waiting its turn in the fair order
    expect((await raw.getJob(jobId))?.attemptsMade).toBe(0);

    await h.startWorker();
    const result = await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    expect(result).toMatchObject({ data: goodNote, attempts: 1 });
    expect(h.requestsFor('stuck')).toHaveLength(2);
    expect(await h.dlqCount()).toBe(0);
  });

  it('`pnpm worker` finishes its in-flight job on SIGTERM and exits 0', async ({ testBed }) => {
    const answer = { kind: 'json', value: ticket.truth } as const;
    const h = await testBed.harness({
      plan: { term: [{ kind: 'delay', ms: 800, reply: answer }] },
    });
    const worker = testBed.spawnWorker({ ...h.env, LOG_LEVEL: 'info' });
    await worker.ready;
    const { jobId } = await h.client.enqueue('support-ticket', { text: ticketText('term') });
    await waitFor(() => h.requestsFor('term').length === 1, 10_000, 'the call');
    worker.child.kill('SIGTERM');

    expect(await worker.exited).toEqual({ code: 0, signal: null });
    expect(await h.rawQueue().getJobState(jobId)).toBe('completed');
    const messages = worker.logs.map((entry) => entry.msg);
    expect(messages).toEqual(expect.arrayContaining(['shutting down', 'job completed', 'worker closed']));
    // Compared by the time each line was logged: lines of one process may reach the pipe out of order.
    const loggedAt = (msg: string) => worker.logs.find((entry) => entry.msg === msg)?.time as number;
    expect(loggedAt('job completed')).toBeLessThanOrEqual(loggedAt('worker closed'));
  });
});
