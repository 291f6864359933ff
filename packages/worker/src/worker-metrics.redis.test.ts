import { describe, expect } from 'vitest';
import { parseMetrics, sample, total } from './test-fixtures/metrics-text';
import { it } from './test-fixtures/use-worker-harness';
import { doc, waitFor } from './worker-test-harness';

const invalid = (count: number) => ({ kind: 'json', value: { title: 'groceries', count } }) as const;

describe('worker metrics (real Redis, SDK against the stand-in)', () => {
  it('exposes every family with the counts of a small run, plus /healthz and /readyz', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: {
        fix: [invalid(-1)],
        never: [invalid(-1), invalid(-2), invalid(-3)],
        limited: [{ kind: 'error', status: 429, retryAfterSeconds: 1 }],
      },
    });
    const quarry = await h.startWorker({ METRICS_PORT: '0' });
    const url = (await quarry.http)?.url;
    if (!url) throw new Error('the metrics server is not listening');

    const jobs = await Promise.all(
      ['ok', 'fix', 'never', 'limited'].map((name) => h.client.enqueue('note', { text: doc(name) })),
    );
    await Promise.allSettled(jobs.map((job) => h.client.waitForResult(job.jobId, { timeoutMs: 15_000 })));
    await waitFor(async () => (await h.dlqCount()) === 1, 10_000, 'the DLQ record');

    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const metrics = parseMetrics(await response.text());
    const note = { workflow: 'note' };
    const model = { model: 'claude-haiku-4-5' };

    expect(sample(metrics, 'quarry_jobs_total', { ...note, outcome: 'completed' })).toBe(3);
    expect(sample(metrics, 'quarry_jobs_total', { ...note, outcome: 'dead_lettered' })).toBe(1);
    expect(sample(metrics, 'quarry_jobs_total', { ...note, outcome: 'rate_limited' })).toBe(1);
    expect(sample(metrics, 'quarry_dead_letters_total', { ...note, reason: 'validation_exhausted' })).toBe(1);
    expect(sample(metrics, 'quarry_attempts_per_success_count', note)).toBe(3);
    expect(sample(metrics, 'quarry_attempts_per_success_sum', note)).toBe(4);
    expect(sample(metrics, 'quarry_attempts_per_success_bucket', { ...note, le: '1' })).toBe(2);
    expect(sample(metrics, 'quarry_first_attempts_total', { ...note, valid: 'true' })).toBe(2);
    expect(sample(metrics, 'quarry_first_attempts_total', { ...note, valid: 'false' })).toBe(2);
    expect(sample(metrics, 'quarry_attempts_total', { ...note, valid: 'false', lane: 'realtime' })).toBe(4);
    expect(
      sample(metrics, 'quarry_issues_total', {
        ...note,
        source: 'rule',
        signature: 'rule:count:count-positive',
      }),
    ).toBe(4);
    expect(sample(metrics, 'quarry_model_call_duration_seconds_count', { ...model, outcome: 'ok' })).toBe(7);
    expect(
      sample(metrics, 'quarry_model_call_duration_seconds_count', { ...model, outcome: 'rate_limited' }),
    ).toBe(1);
    for (const type of ['input', 'output']) {
      expect(total(metrics, 'quarry_tokens_total', { ...note, type })).toBeGreaterThan(0);
    }
    // The note prompts are far below Claude Haiku 4.5's minimum cacheable prefix: no breakpoint is placed.
    expect(
      total(metrics, 'quarry_tokens_total', { type: 'cache_creation' }) +
        total(metrics, 'quarry_tokens_total', { type: 'cache_read' }),
    ).toBe(0);
    expect(total(metrics, 'quarry_cost_usd_total', note)).toBeGreaterThan(0);
    // The third attempt of `never` replaces the second's failed reply rather than appending to it.
    expect(sample(metrics, 'quarry_cache_misses_total', { ...note, reason: 'messages_changed' })).toBe(1);
    expect(sample(metrics, 'quarry_rate_limit_pauses_total')).toBe(1);
    expect(sample(metrics, 'quarry_rate_limit_pause_seconds_total')).toBe(1);
    expect(sample(metrics, 'quarry_queue_jobs', { queue: 'extraction', state: 'completed' })).toBe(3);
    expect(sample(metrics, 'quarry_queue_jobs', { queue: 'extraction', state: 'failed' })).toBe(1);
    expect(sample(metrics, 'quarry_queue_jobs', { queue: 'extraction', state: 'waiting' })).toBe(0);
    expect(sample(metrics, 'quarry_dlq_records')).toBe(1);
    const age = sample(metrics, 'quarry_dlq_oldest_age_seconds') ?? -1;
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
    expect(sample(metrics, 'quarry_review_pending')).toBe(0);
    expect(sample(metrics, 'quarry_redis_up')).toBe(1);

    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ alive: true });
    const ready = await fetch(`${url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([200, { ready: true, reasons: [], warnings: [] }]);
    expect((await fetch(`${url}/nope`)).status).toBe(404);
  });

  it('labels at most the configured number of signatures per workflow, the rest as "other"', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: { wide: [invalid(-1), { kind: 'text', text: 'not json' }, invalid(-5)] },
    });
    const quarry = await h.startWorker({ METRICS_PORT: '0', METRICS_MAX_SIGNATURES: '1' });
    const url = (await quarry.http)?.url as string;
    const { jobId } = await h.client.enqueue('note', { text: doc('wide') });
    await h.client.waitForResult(jobId, { timeoutMs: 15_000 }).catch(() => undefined);
    const metrics = parseMetrics(await (await fetch(`${url}/metrics`)).text());
    const signatures = [...metrics.keys()]
      .filter((key) => key.startsWith('quarry_issues_total{'))
      .map((key) => /signature="([^"]*)"/.exec(key)?.[1]);
    expect(new Set(signatures)).toEqual(new Set(['rule:count:count-positive', 'other']));
    expect(total(metrics, 'quarry_issues_total', { workflow: 'note' })).toBe(3);
  });

  it('labels the dead letter of a refusal with its category', async ({ testBed }) => {
    const h = await testBed.harness({ plan: { refused: [{ kind: 'refusal', category: 'cyber' }] } });
    const quarry = await h.startWorker({ METRICS_PORT: '0' });
    const url = (await quarry.http)?.url as string;
    const { jobId } = await h.client.enqueue('note', { text: doc('refused') });
    const error = await h.client
      .waitForResult(jobId, { timeoutMs: 15_000 })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ reason: { kind: 'refused', refusalCategory: 'cyber' } });
    const metrics = parseMetrics(await (await fetch(`${url}/metrics`)).text());
    expect(sample(metrics, 'quarry_dead_letters_total', { workflow: 'note', reason: 'refused:cyber' })).toBe(
      1,
    );
  });
});
