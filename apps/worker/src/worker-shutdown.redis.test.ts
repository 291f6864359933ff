import { getTestRedis, type TestRedis } from '@quarry/test-redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createHarness,
  doc,
  goodNote,
  spawnWorkerProcess,
  ticket,
  ticketText,
  type WorkerHarness,
  type WorkerProcess,
  waitFor,
} from './worker-test-harness';

let testRedis: TestRedis;
let harness: WorkerHarness | undefined;
let processes: WorkerProcess[] = [];

beforeAll(async () => {
  testRedis = await getTestRedis();
});
afterEach(async () => {
  for (const worker of processes) worker.child.kill('SIGKILL');
  await Promise.all(processes.map((worker) => worker.exited));
  processes = [];
  await harness?.close();
  harness = undefined;
});
afterAll(async () => {
  await testRedis.stop();
});

const slowly = (ms: number) => [{ kind: 'delay', ms, reply: { kind: 'json', value: goodNote } }] as const;

describe('graceful shutdown (real Redis, SDK against the stand-in)', () => {
  it('lets the in-flight job finish and takes no new job', async () => {
    harness = await createHarness({ redisUrl: testRedis.url, plan: { slow: slowly(800) } });
    const h = harness;
    const quarry = await h.startWorker();
    const slow = await h.client.enqueue('note', { text: doc('slow') });
    await waitFor(() => h.requestsFor('slow').length === 1, 10_000, 'the slow call');

    const closing = quarry.close();
    const late = await h.client.enqueue('note', { text: doc('late') });
    await closing;

    const raw = h.rawQueue();
    expect(await raw.getJobState(slow.jobId)).toBe('completed');
    expect((await raw.getJob(slow.jobId))?.returnvalue).toMatchObject({ data: goodNote, attempts: 1 });
    expect(await raw.getJobState(late.jobId)).toBe('waiting');
    expect(h.requestsFor('late')).toHaveLength(0);
  });

  it('cuts off a job that outlasts the grace period; it resumes on another worker without losing an attempt', async () => {
    harness = await createHarness({ redisUrl: testRedis.url, plan: { stuck: slowly(30_000) } });
    const h = harness;
    const quarry = await h.startWorker();
    const { jobId } = await h.client.enqueue('note', { text: doc('stuck') });
    await waitFor(() => h.requestsFor('stuck').length === 1, 10_000, 'the stuck call');

    const started = Date.now();
    await quarry.close({ graceMs: 200 });
    expect(Date.now() - started).toBeLessThan(10_000);
    const raw = h.rawQueue();
    expect(await raw.getJobState(jobId)).toBe('waiting');
    expect((await raw.getJob(jobId))?.attemptsMade).toBe(0);

    await h.startWorker();
    const result = await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    expect(result).toMatchObject({ data: goodNote, attempts: 1 });
    expect(h.requestsFor('stuck')).toHaveLength(2);
    expect(await h.dlqCount()).toBe(0);
  });

  it('`pnpm worker` finishes its in-flight job on SIGTERM and exits 0', async () => {
    const answer = { kind: 'json', value: ticket.truth } as const;
    harness = await createHarness({
      redisUrl: testRedis.url,
      plan: { term: [{ kind: 'delay', ms: 800, reply: answer }] },
    });
    const h = harness;
    const worker = spawnWorkerProcess({ ...h.env, LOG_LEVEL: 'info' });
    processes.push(worker);
    await worker.ready;
    const { jobId } = await h.client.enqueue('support-ticket', { text: ticketText('term') });
    await waitFor(() => h.requestsFor('term').length === 1, 10_000, 'the call');
    worker.child.kill('SIGTERM');

    expect(await worker.exited).toEqual({ code: 0, signal: null });
    expect(await h.rawQueue().getJobState(jobId)).toBe('completed');
    const messages = worker.logs.map((entry) => entry.msg);
    expect(messages).toEqual(expect.arrayContaining(['shutting down', 'job completed', 'worker closed']));
    expect(messages.indexOf('job completed')).toBeLessThan(messages.indexOf('worker closed'));
  });
});
