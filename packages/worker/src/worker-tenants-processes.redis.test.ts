import { extractionQueue, quarryKeys, TenantStore } from '@quarry/queue';
import { describe, expect, onTestFinished } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { ticket, ticketText, type WorkerHarness, waitFor } from './worker-test-harness';

/** Worker processes serve the shipped workflows: support tickets, answered right at once. */
const answered = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, [{ kind: 'json' as const, value: ticket.truth }]]));
const names = (prefix: string) => Array.from({ length: 6 }, (_, i) => `${prefix}${i}`);

function tenantStoreOf(h: WorkerHarness) {
  const queue = extractionQueue({ connection: h.redis, config: h.client.config });
  onTestFinished(() => queue.close());
  const keys = quarryKeys({ prefix: h.client.config.prefix, queueName: h.client.config.queueName });
  return { queue, store: new TenantStore({ redis: h.redis, keys, queue }) };
}

describe('tenants across worker processes (real Redis, SDK against the stand-in)', () => {
  it('row 216: two worker processes of concurrency 4 and a tenant capped at one call -> never two of its calls at once over both, every job done on its first attempt; its daily budget is shared the same way', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      latency: { meanMs: 150 },
      plan: answered([...names('s'), ...names('t'), 'probe']),
    });
    const { store, queue } = tenantStoreOf(h);
    // What one call costs (every ticket here is the same size), measured by a worker of its own.
    const prober = await h.startWorker();
    const probe = await h.client.enqueue('support-ticket', { text: ticketText('probe') });
    const callCost = (await h.client.waitForResult(probe.jobId, { timeoutMs: 20_000 })).costUsd ?? 0;
    expect(callCost).toBeGreaterThan(0);
    await prober.close();
    await store.set('shared', { maxConcurrency: 1 });
    await store.set('thrifty', { dailyUsd: callCost * 2.5 });
    const workers = [0, 1].map(() =>
      testBed.spawnWorker({ ...h.env, WORKER_CONCURRENCY: '4', LOG_LEVEL: 'info' }),
    );
    await Promise.all(workers.map((worker) => worker.ready));
    const jobs = [];
    for (let i = 0; i < 6; i++) {
      jobs.push(
        await h.client.enqueue('support-ticket', { text: ticketText(`s${i}`) }, { tenant: 'shared' }),
      );
    }
    const results = await Promise.all(
      jobs.map(({ jobId }) => h.client.waitForResult(jobId, { timeoutMs: 40_000 })),
    );
    expect(results.map((result) => result.attempts)).toEqual([1, 1, 1, 1, 1, 1]);
    const starts = names('s')
      .flatMap((name) => h.requestsFor(name))
      .map((request) => request.at)
      .sort((a, b) => a - b);
    const gaps = starts.slice(1).map((at, i) => at - (starts[i] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(140);

    // The budget: about two and a half calls a day, over both processes.
    const before = h.standin.requests.length;
    for (let i = 0; i < 6; i++) {
      await h.client.enqueue('support-ticket', { text: ticketText(`t${i}`) }, { tenant: 'thrifty' });
    }
    const today = new Date().toISOString();
    const periods = { day: today.slice(0, 10), month: today.slice(0, 7), nextDayMs: 0, nextMonthMs: 0 };
    // Settings reach a worker within 5 s; then every job either ran or waits parked for tomorrow.
    await waitFor(
      async () =>
        (await queue.getActiveCount()) === 0 &&
        (await store.gateState('thrifty', periods)).parked + (h.standin.requests.length - before) === 6,
      30_000,
      'every thrifty job to have run or be parked',
    );
    const { spentTodayUsd } = await store.gateState('thrifty', periods);
    expect(spentTodayUsd).toBeLessThanOrEqual(callCost * 3.5 + 1e-9);
    expect(h.standin.requests.length - before).toBeLessThanOrEqual(3);
  });

  it("row 217: a worker process killed while holding a tenant's only slot -> the slot is freed once its lock expires, and the tenant's jobs complete on another worker", async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: {
        k1: [
          { kind: 'delay', ms: 30_000, reply: { kind: 'json', value: ticket.truth } },
          { kind: 'json', value: ticket.truth },
        ],
        ...answered(['k2']),
      },
      env: { LOCK_DURATION_MS: '1000', STALLED_INTERVAL_MS: '300' },
    });
    const { store } = tenantStoreOf(h);
    await store.set('solo', { maxConcurrency: 1 });
    const doomed = testBed.spawnWorker({ ...h.env, LOG_LEVEL: 'info' });
    await doomed.ready;
    const slow = await h.client.enqueue('support-ticket', { text: ticketText('k1') }, { tenant: 'solo' });
    await waitFor(() => h.requestsFor('k1').length === 1, 15_000, 'the slow call to be in flight');
    const next = await h.client.enqueue('support-ticket', { text: ticketText('k2') }, { tenant: 'solo' });
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    await h.startWorker({ STALLED_INTERVAL_MS: '300' });
    const results = await Promise.all(
      [slow, next].map(({ jobId }) => h.client.waitForResult(jobId, { timeoutMs: 40_000 })),
    );
    expect(results.map((result) => result.data)).toEqual([ticket.truth, ticket.truth]);
    expect(h.requestsFor('k2')).toHaveLength(1);
  });
});
