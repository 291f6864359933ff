import { quarryKeys, WorkflowStatsStore } from '@quarry/queue';
import { describe, expect } from 'vitest';
import { parseMetrics, sample } from './test-fixtures/metrics-text';
import { it } from './test-fixtures/use-worker-harness';
import { doc, waitFor } from './worker-test-harness';

const invalid = { kind: 'json', value: { title: 'groceries', count: -1 } } as const;

describe('workflow statistics and cache placement in the worker (real Redis, SDK against the stand-in)', () => {
  it('records first attempts, calls and valid jobs per workflow version and exposes the window as gauges', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ plan: { fix1: [invalid], fix2: [invalid] } });
    const quarry = await h.startWorker({ METRICS_PORT: '0', CACHE_RATE_REFRESH_MS: '100' });
    const url = (await quarry.http)?.url as string;
    const store = new WorkflowStatsStore({ redis: h.redis, keys: quarryKeys({ prefix: h.prefix }) });
    const note = { workflow: 'note', version: 2 };

    const jobs = await Promise.all(
      ['ok1', 'ok2', 'fix1', 'fix2'].map((name) => h.client.enqueue('note', { text: doc(name) })),
    );
    await Promise.all(jobs.map((job) => h.client.waitForResult(job.jobId, { timeoutMs: 15_000 })));
    await waitFor(async () => (await store.read(note, 3_600_000)).validJobs === 4, 10_000, 'the flush');
    const counts = await store.read(note, 3_600_000);
    expect(counts).toMatchObject({
      firstAttempts: 4,
      firstAttemptFailures: 2,
      calls: 6,
      callsByModel: { 'claude-haiku-4-5': 6 },
      validJobs: 4,
    });
    expect(counts.costUsd).toBeGreaterThan(0);
    expect(await store.list(3_600_000)).toEqual([note]);

    // A later job reads the window again (the read is older than CACHE_RATE_REFRESH_MS) and sets the gauges.
    const failureRate = async () =>
      sample(
        parseMetrics(await (await fetch(`${url}/metrics`)).text()),
        'quarry_first_attempt_failure_rate',
        {
          workflow: 'note',
        },
      );
    let n = 0;
    await waitFor(
      async () => {
        const { jobId } = await h.client.enqueue('note', { text: doc(`later${n++}`) });
        await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
        return (await failureRate()) !== undefined;
      },
      10_000,
      'the gauges',
    );
    expect(await failureRate()).toBeGreaterThan(0);
    // Half the first attempts failed; counts decayed at slightly different ages may read a hair above.
    expect(await failureRate()).toBeLessThanOrEqual(0.501);
    const metrics = parseMetrics(await (await fetch(`${url}/metrics`)).text());
    // The `note` prompt is far below Claude Haiku 4.5's minimum cacheable prefix: nothing is marked, nothing cached.
    expect(sample(metrics, 'quarry_cache_hit_share', { workflow: 'note' })).toBe(0);
  });

  it('sends the first turn uncached once first attempts are known to succeed, and caches it from a retry on', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: { retried: [invalid] },
      env: { QUARRY_MODEL: 'claude-haiku-5-5' },
    });
    await h.startWorker({ CACHE_RATE_REFRESH_MS: '100' });
    // Long enough for the prefix through the document to pass Claude Haiku 5.5's 512-token minimum.
    const long = (name: string) => `${doc(name)} ${'Terms apply. '.repeat(300)}`;
    const breakpoints = (name: string) =>
      h.requestsFor(name).map(({ body }) => ({
        shared: JSON.stringify(body.system).includes('cache_control'),
        firstTurn: JSON.stringify(body.messages[0]).includes('cache_control'),
      }));
    const store = new WorkflowStatsStore({ redis: h.redis, keys: quarryKeys({ prefix: h.prefix }) });
    const note = { workflow: 'note', version: 2 };
    for (let i = 0; i < 25; i++) {
      const { jobId } = await h.client.enqueue('note', { text: long(`ok${i}`) });
      await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    }
    await waitFor(async () => (await store.readRate(note)).firstAttempts > 24, 10_000, 'the flush');
    // The note workflow's own prefix (schema, short instructions) is below the minimum: never marked.
    // Before any history the first turn is cached; 25 first-try successes later (decayed a little) it is not.
    expect(breakpoints('ok0')).toEqual([{ shared: false, firstTurn: true }]);
    let n = 0;
    await waitFor(
      async () => {
        const name = `later${n++}`;
        const { jobId } = await h.client.enqueue('note', { text: long(name) });
        await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
        return breakpoints(name)[0]?.firstTurn === false;
      },
      10_000,
      'a first turn sent uncached',
    );
    const { jobId } = await h.client.enqueue('note', { text: long('retried') });
    await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    expect(breakpoints('retried')).toEqual([
      { shared: false, firstTurn: false },
      { shared: false, firstTurn: true },
    ]);
  });
});
