import { defineWorkflow, WorkflowRegistry } from '@quarry/core';
import { TenantUsageStore } from '@quarry/queue';
import { Job } from 'bullmq';
import { describe, expect } from 'vitest';
import { tenantsOf } from './test-fixtures/tenants-of';
import { it } from './test-fixtures/use-worker-harness';
import { doc, testRegistry } from './worker-test-harness';

describe('tenants (fair order, concurrency caps and budgets, shared by every worker)', () => {
  it("row 222: tenant A's backlog of 30 jobs, then 3 of tenant B -> B's jobs start among the first 8 (not behind A's backlog), A's stay first in, first out", async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    for (let i = 0; i < 30; i++) await h.client.enqueue('note', { text: doc(`a${i}`) }, { tenant: 'acme' });
    for (let i = 0; i < 3; i++) await h.client.enqueue('note', { text: doc(`b${i}`) }, { tenant: 'bolt' });
    await h.startWorker({ WORKER_CONCURRENCY: '1' });
    await expect.poll(() => h.standin.requests.length, { timeout: 30_000 }).toBe(33);
    const order = h.standin.requests.map((request) => request.documentKey);
    const positions = ['b0', 'b1', 'b2'].map((name) => order.indexOf(name));
    // FIFO would put them at 30, 31, 32; the fair order interleaves them with acme's first jobs.
    expect(Math.max(...positions)).toBeLessThan(8);
    // Within a tenant the order stays first in, first out.
    const acme = order.filter((name) => name.startsWith('a'));
    expect(acme).toEqual(Array.from({ length: 30 }, (_, i) => `a${i}`));
  });

  it('row 223: a tenant capped at one call in flight, on a worker of concurrency 4 -> never two calls at once, and no job spends an attempt waiting', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ latency: { meanMs: 150 } });
    const { store, queue } = tenantsOf(h);
    await store.set('capped', { maxConcurrency: 1 });
    const jobs = [];
    for (let i = 0; i < 5; i++) {
      jobs.push(await h.client.enqueue('note', { text: doc(`c${i}`) }, { tenant: 'capped' }));
    }
    await h.startWorker({ WORKER_CONCURRENCY: '4' });
    const results = await Promise.all(
      jobs.map(({ jobId }) => h.client.waitForResult(jobId, { timeoutMs: 30_000 })),
    );
    expect(results.map((result) => result.attempts)).toEqual([1, 1, 1, 1, 1]);
    const starts = h.standin.requests.map((request) => request.at).sort((a, b) => a - b);
    const gaps = starts.slice(1).map((at, i) => at - (starts[i] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(140);
    for (const { jobId } of jobs) {
      const job = await Job.fromId(queue, jobId);
      expect(job?.attemptsMade).toBe(1);
    }
  });

  it('row 224: a tenant over its daily budget -> its jobs wait (delayed, none failed, none lost) until the next day, then finish', async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    let now = Date.parse('2026-11-28T12:00:00Z');
    // What one job costs (every job here is the same size), measured by a worker of its own.
    const prober = await h.startWorker();
    const probe = await h.client.enqueue('note', { text: doc('t9') }, { tenant: 'probe' });
    const callCost = (await h.client.waitForResult(probe.jobId, { timeoutMs: 10_000 })).costUsd ?? 0;
    expect(callCost).toBeGreaterThan(0);
    await prober.close();
    const { store, queue } = tenantsOf(h);
    await store.set('thrifty', { dailyUsd: callCost * 2.5 });
    await h.startWorker({ WORKER_CONCURRENCY: '1' }, { tenantClock: () => now });
    const jobs = [];
    for (let i = 0; i < 6; i++) {
      jobs.push(await h.client.enqueue('note', { text: doc(`t${i}`) }, { tenant: 'thrifty' }));
    }
    const periods = { day: '2026-11-28', month: '2026-11', nextDayMs: 0, nextMonthMs: 0 };
    await expect
      .poll(async () => (await store.gateState('thrifty', periods)).parked, { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => queue.getActiveCount(), { timeout: 10_000 }).toBe(0);
    const spent = (await store.gateState('thrifty', periods)).spentTodayUsd;
    expect(spent).toBeLessThanOrEqual(callCost * 2.5 + callCost);
    expect(h.standin.requests.length - 1).toBeLessThan(6);
    // The next day: the budget resets; waking the parked jobs (what `quarry tenants set` does) runs them.
    now = Date.parse('2026-11-29T00:00:01Z');
    for (const id of await store.takeParked('thrifty')) await (await Job.fromId(queue, id))?.promote();
    const results = await Promise.all(
      jobs.map(({ jobId }) => h.client.waitForResult(jobId, { timeoutMs: 20_000 })),
    );
    expect(results.every((result) => result.attempts === 1)).toBe(true);
    expect(h.standin.requests).toHaveLength(7);
  });

  it("row 225: a tenant with a budget of 0, or whose budget resets after the job's deadline -> dead-lettered tenant_budget_exhausted without a model call", async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    const { store, keys } = tenantsOf(h);
    await store.set('stopped', { dailyUsd: 0 });
    await store.set('spent', { monthlyUsd: 0.5 });
    await h.redis.set(keys.tenants.spend('spent', new Date().toISOString().slice(0, 7)), '1');
    await h.startWorker();
    const zero = await h.client.enqueue('note', { text: doc('z') }, { tenant: 'stopped' });
    const late = await h.client.enqueue(
      'note',
      { text: doc('l') },
      { tenant: 'spent', deadline: new Date(Date.now() + 60_000).toISOString() },
    );
    const zeroRecord = await h.dlqRecordOf(zero.jobId);
    expect(zeroRecord.reason).toMatchObject({ kind: 'tenant_budget_exhausted' });
    expect(zeroRecord.reason.message).toContain('budget of $0');
    const lateRecord = await h.dlqRecordOf(late.jobId);
    expect(lateRecord.reason.kind).toBe('tenant_budget_exhausted');
    expect(lateRecord.reason.message).toContain("after the job's deadline");
    expect(h.standin.requests).toHaveLength(0);
  });

  it("row 226: a workflow with historyScope 'tenant' -> one error history per tenant, none shared", async ({
    testBed,
  }) => {
    const scoped = defineWorkflow({
      ...testRegistry().get('note', 1),
      name: 'scoped-note',
      historyScope: 'tenant',
    });
    const h = await testBed.harness({
      registry: new WorkflowRegistry([...testRegistry().list(), scoped]),
      plan: { h1: [{ kind: 'json', value: { title: 'x', count: 0 } }] },
    });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('scoped-note', { text: doc('h1') }, { tenant: 'acme' });
    await h.client.waitForResult(jobId, { timeoutMs: 10_000 });
    const { keys } = tenantsOf(h);
    await expect.poll(() => h.redis.zcard(keys.history('scoped-note', 1, 'tenant:acme').scores)).toBe(1);
    expect(await h.redis.exists(keys.history('scoped-note', 1).scores)).toBe(0);
    expect(await h.redis.exists(keys.history('scoped-note', 1, 'tenant:bolt').scores)).toBe(0);
  });

  it("row 228: jobs of two tenants completed -> each tenant's usage (runs, attempts, tokens, cost, wait) counted apart, flushed per interval", async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    await h.startWorker();
    const jobs = [
      await h.client.enqueue('note', { text: doc('u1') }, { tenant: 'acme' }),
      await h.client.enqueue('note', { text: doc('u2') }, { tenant: 'acme' }),
      await h.client.enqueue('note', { text: doc('u3') }),
    ];
    const results = await Promise.all(
      jobs.map(({ jobId }) => h.client.waitForResult(jobId, { timeoutMs: 10_000 })),
    );
    const { keys } = tenantsOf(h);
    const usage = new TenantUsageStore({ redis: h.redis, keys });
    await expect
      .poll(async () => (await usage.read('acme', Date.now())).today.completed, { timeout: 10_000 })
      .toBe(2);
    const acme = await usage.read('acme', Date.now());
    expect(acme.today).toMatchObject({ started: 2, attempts: 2 });
    expect(acme.today.costUsd).toBeCloseTo((results[0]?.costUsd ?? 0) + (results[1]?.costUsd ?? 0), 9);
    expect(acme.today.inputTokens).toBe(
      (results[0]?.usage.inputTokens ?? 0) + (results[1]?.usage.inputTokens ?? 0),
    );
    expect(acme.waitCount).toBe(2);
    await expect.poll(async () => (await usage.read('default', Date.now())).today.completed).toBe(1);
  });

  it('row 211: a worker started with tenant settings from QUARRY_TENANTS files -> writes them to Redis before it takes jobs, and gates by them', async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    const { store } = tenantsOf(h);
    await store.set('filed', { weight: 1 });
    await h.startWorker({}, { tenantSettings: new Map([['filed', { dailyUsd: 0 }]]) });
    expect((await store.all()).settings.get('filed')).toEqual({ dailyUsd: 0 });
    const { jobId } = await h.client.enqueue('note', { text: doc('f1') }, { tenant: 'filed' });
    expect((await h.dlqRecordOf(jobId)).reason.kind).toBe('tenant_budget_exhausted');
  });
});
