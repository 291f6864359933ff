import { EXTRACTION_JOB_NAME } from '@quarry/queue';
import type { StandinReply } from '@quarry/standin';
import { Job } from 'bullmq';
import { describe, expect, onTestFinished } from 'vitest';
import { tenantsOf } from './test-fixtures/tenants-of';
import { it } from './test-fixtures/use-worker-harness';
import { ticket, ticketText } from './worker-test-harness';

/** Support-ticket documents `<prefix>0…` answered with the sample's truth after `ms` (worker processes run the shipped workflows). */
function answeredAfter(prefix: string, count: number, ms: number): Record<string, StandinReply[]> {
  const reply: StandinReply = { kind: 'json', value: ticket.truth };
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      `${prefix}${i}`,
      [ms > 0 ? { kind: 'delay', ms, reply } : reply],
    ]),
  );
}

/** Jobs each worker process logged as completed. */
const completedBy = (logs: readonly Record<string, unknown>[]) =>
  logs.filter((line) => line.msg === 'job completed').length;

const today = () => {
  const now = new Date().toISOString();
  return { day: now.slice(0, 10), month: now.slice(0, 7), nextDayMs: 0, nextMonthMs: 0 };
};

describe('tenants across worker processes (settings, slots and spend shared in Redis)', () => {
  it('row 216: two worker processes of concurrency 3 and a tenant capped at 2 calls in flight -> never more than 2 of its calls at once over both, every job done in one attempt by both processes', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ plan: answeredAfter('cap', 10, 300) });
    const { store } = tenantsOf(h);
    await store.set('capped', { maxConcurrency: 2 });
    const workers = [1, 2].map(() =>
      testBed.spawnWorker({ ...h.env, WORKER_CONCURRENCY: '3', LOG_LEVEL: 'info' }),
    );
    await Promise.all(workers.map((worker) => worker.ready));
    let mostInFlight = 0;
    const sampler = setInterval(() => {
      mostInFlight = Math.max(mostInFlight, h.standin.stats.inFlight);
    }, 5);
    onTestFinished(() => clearInterval(sampler));
    const jobs = [];
    for (let i = 0; i < 10; i++) {
      jobs.push(
        await h.client.enqueue('support-ticket', { text: ticketText(`cap${i}`) }, { tenant: 'capped' }),
      );
    }
    const results = await Promise.all(
      jobs.map(({ jobId }) => h.client.waitForResult(jobId, { timeoutMs: 60_000 })),
    );
    clearInterval(sampler);
    expect(results.map((result) => result.attempts)).toEqual(Array(10).fill(1));
    expect(mostInFlight).toBeGreaterThan(0);
    expect(mostInFlight).toBeLessThanOrEqual(2);
    // The same from the calls' arrival times: at most 2 began within any 300 ms answer window.
    const starts = h.standin.requests.map((request) => request.at).sort((a, b) => a - b);
    const overlapping = starts.map((at, i) => starts.slice(i).filter((later) => later < at + 290).length);
    expect(Math.max(...overlapping)).toBeLessThanOrEqual(2);
    expect(workers.every((worker) => completedBy(worker.logs) > 0)).toBe(true);
  });

  it('row 217: two worker processes and a tenant whose daily budget buys 2.5 calls -> both stop it: its spend over both stays within the budget plus one call, the rest of its jobs wait (delayed, none failed)', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ plan: answeredAfter('spend', 8, 100) });
    // What one call costs (every job here is the same size), measured by a worker of its own.
    const prober = await h.startWorker();
    const probe = await h.client.enqueue(
      'support-ticket',
      { text: ticketText('spend7') },
      { tenant: 'probe' },
    );
    const callCost = (await h.client.waitForResult(probe.jobId, { timeoutMs: 10_000 })).costUsd ?? 0;
    expect(callCost).toBeGreaterThan(0);
    await prober.close();
    const billedBefore = h.standin.stats.billing.realtime.costUsd;
    const { store, queue } = tenantsOf(h);
    await store.set('thrifty', { dailyUsd: callCost * 2.5 });
    const workers = [1, 2].map(() =>
      testBed.spawnWorker({ ...h.env, WORKER_CONCURRENCY: '2', LOG_LEVEL: 'info' }),
    );
    await Promise.all(workers.map((worker) => worker.ready));
    const jobs = [];
    for (let i = 0; i < 7; i++) {
      jobs.push(
        await h.client.enqueue('support-ticket', { text: ticketText(`spend${i}`) }, { tenant: 'thrifty' }),
      );
    }
    await expect
      .poll(async () => (await store.gateState('thrifty', today())).parked, { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(async () => await queue.getJobCounts('active', 'wait', 'prioritized'), { timeout: 20_000 })
      .toEqual({ active: 0, wait: 0, prioritized: 0 });
    const { spentTodayUsd, slots } = await store.gateState('thrifty', today());
    expect(slots).toBe(0);
    expect(spentTodayUsd).toBeGreaterThan(0);
    expect(spentTodayUsd).toBeLessThanOrEqual(callCost * 3.5 + 1e-9);
    // The stand-in's own bill agrees: what it charged the tenant is what the gate counted.
    expect(h.standin.stats.billing.realtime.costUsd - billedBefore).toBeCloseTo(spentTodayUsd, 9);
    const counts = await queue.getJobCounts('completed', 'failed', 'delayed');
    expect(counts.failed).toBe(0);
    expect((counts.completed ?? 0) - 1 + (counts.delayed ?? 0)).toBe(7);
    expect(counts.delayed).toBeGreaterThan(0);
    for (const { jobId } of jobs)
      expect((await Job.fromId(queue, jobId))?.attemptsMade ?? 0).toBeLessThanOrEqual(1);
  });

  it("row 218: a worker process killed (SIGKILL) while its job holds the tenant's only slot -> the slot frees once the job's lock expires, and the tenant's jobs all complete on another worker", async ({
    testBed,
  }) => {
    const stuck: StandinReply = { kind: 'delay', ms: 60_000, reply: { kind: 'json', value: ticket.truth } };
    const h = await testBed.harness({
      plan: { ...answeredAfter('slot', 4, 0), slot0: [stuck, { kind: 'json', value: ticket.truth }] },
      env: { LOCK_DURATION_MS: '1500', STALLED_INTERVAL_MS: '300' },
    });
    const { store, queue } = tenantsOf(h);
    await store.set('solo', { maxConcurrency: 1 });
    const doomed = testBed.spawnWorker({ ...h.env, WORKER_CONCURRENCY: '1', LOG_LEVEL: 'info' });
    await doomed.ready;
    const first = await h.client.enqueue('support-ticket', { text: ticketText('slot0') }, { tenant: 'solo' });
    await expect.poll(() => h.requestsFor('slot0').length, { timeout: 15_000 }).toBe(1);
    expect((await store.gateState('solo', today())).slots).toBe(1);
    const rest = [];
    for (let i = 1; i < 4; i++) {
      rest.push(
        await h.client.enqueue('support-ticket', { text: ticketText(`slot${i}`) }, { tenant: 'solo' }),
      );
    }
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toMatchObject({ signal: 'SIGKILL' });
    await h.startWorker({ WORKER_CONCURRENCY: '4' });
    const results = await Promise.all(
      [first, ...rest].map(({ jobId }) => h.client.waitForResult(jobId, { timeoutMs: 30_000 })),
    );
    expect(results.every((result) => result.data !== undefined)).toBe(true);
    // The killed call was never answered; each job was answered once, one at a time.
    expect(h.requestsFor('slot0')).toHaveLength(2);
    for (let i = 1; i < 4; i++) expect(h.requestsFor(`slot${i}`)).toHaveLength(1);
    await expect.poll(async () => (await store.gateState('solo', today())).slots).toBe(0);
    expect(await queue.getJobCounts('failed', 'delayed')).toEqual({ failed: 0, delayed: 0 });
  });

  it("row 221: jobs written with plain BullMQ whose tenant is not an id ('a b', 65 characters, '../x', a number) -> each dead-lettered invalid_payload naming tenant, no model call, no tenant state written", async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    await h.startWorker();
    const raw = h.rawQueue();
    const bad = ['a b', 'x'.repeat(65), '../x', 7];
    const added = [];
    for (const tenant of bad) {
      added.push(
        await raw.add(EXTRACTION_JOB_NAME, { workflow: 'note', input: { text: ticketText('raw') }, tenant }),
      );
    }
    for (const job of added) {
      const record = await h.dlqRecordOf(job.id as string);
      expect(record.reason.kind).toBe('invalid_payload');
      expect(record.reason.message).toMatch(/^The job data breaks the job contract: tenant: /);
    }
    expect(h.standin.requests).toHaveLength(0);
    // No slot, parked job, spend or usage of any tenant (the fair order's tags aside).
    const state = await h.redis.keys(`${h.prefix}*tenants:*`);
    expect(state.filter((key) => !/:tenants:(fair|seen)$/.test(key))).toEqual([]);
  });
});
