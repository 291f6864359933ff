import { describe, expect } from 'vitest';
import { parseMetrics, sample, total } from './test-fixtures/metrics-text';
import { it } from './test-fixtures/use-worker-harness';
import { doc, waitFor } from './worker-test-harness';

const model = { model: 'claude-haiku-4-5' };

describe('batch lane metrics (real Redis, SDK against the stand-in)', () => {
  it('show attempts waiting and their age, batches in flight, results consumed, attempts and cost by lane', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ batches: { delayMs: 1500 } });
    // A batch is due at 3 waiting attempts; the wait alone never makes one due during the test.
    const quarry = await h.startWorker({
      METRICS_PORT: '0',
      BATCH_MAX_REQUESTS: '3',
      BATCH_MAX_WAIT_MS: '600000',
      BATCH_POLL_INTERVAL_MS: '100',
    });
    const url = (await quarry.http)?.url;
    if (!url) throw new Error('the metrics server is not listening');
    const scrape = async () => parseMetrics(await (await fetch(`${url}/metrics`)).text());

    const first = await Promise.all(
      ['w1', 'w2'].map((name) => h.client.enqueue('note', { text: doc(name) }, { lane: 'batch' })),
    );
    await waitFor(
      async () => sample(await scrape(), 'quarry_batch_waiting_requests', model) === 2,
      10_000,
      'two attempts waiting to be collected',
    );
    await waitFor(
      async () => (sample(await scrape(), 'quarry_batch_oldest_waiting_age_seconds', model) ?? 0) > 0.2,
      10_000,
      'the oldest wait to grow',
    );
    expect(sample(await scrape(), 'quarry_batches_in_flight')).toBe(0);

    const third = await h.client.enqueue('note', { text: doc('w3') }, { lane: 'batch' });
    await waitFor(
      async () => sample(await scrape(), 'quarry_batches_in_flight') === 1,
      10_000,
      'the batch in flight',
    );
    const waitingNow = await scrape();
    expect(sample(waitingNow, 'quarry_batch_waiting_requests', model)).toBe(0);
    expect(sample(waitingNow, 'quarry_batch_oldest_waiting_age_seconds', model)).toBe(0);

    const realtime = await h.client.enqueue('note', { text: doc('rt') });
    for (const { jobId } of [...first, third, realtime]) {
      await h.client.waitForResult(jobId, { timeoutMs: 20_000 });
    }
    await waitFor(
      async () => sample(await scrape(), 'quarry_batches_in_flight') === 0,
      10_000,
      'the batch consumed',
    );
    const metrics = await scrape();
    expect(sample(metrics, 'quarry_batch_results_total', { type: 'succeeded' })).toBe(3);
    expect(total(metrics, 'quarry_attempts_total', { lane: 'batch' })).toBe(3);
    expect(total(metrics, 'quarry_attempts_total', { lane: 'realtime' })).toBe(1);
    const { billing } = h.standin.stats;
    expect(total(metrics, 'quarry_cost_usd_total', { lane: 'batch' })).toBeCloseTo(billing.batch.costUsd, 9);
    expect(total(metrics, 'quarry_cost_usd_total', { lane: 'realtime' })).toBeCloseTo(
      billing.realtime.costUsd,
      9,
    );
    expect(billing.batch.costUsd).toBeGreaterThan(0);
  });
});
