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
    expect(await failureRate()).toBeLessThanOrEqual(0.5);
    const metrics = parseMetrics(await (await fetch(`${url}/metrics`)).text());
    // The `note` prompt is far below Claude Haiku 4.5's minimum cacheable prefix: nothing is marked, nothing cached.
    expect(sample(metrics, 'quarry_cache_hit_share', { workflow: 'note' })).toBe(0);
  });
});
