import { describe, expect, it } from 'vitest';
import { parseMetrics } from '../test-fixtures/metrics-text';
import { TenantLabels } from './tenant-labels';
import { createWorkerMetrics } from './worker-metrics';

/** The distinct values of `label` across every sample of the registry. */
async function labelValues(metrics: ReturnType<typeof createWorkerMetrics>, label: string) {
  const samples = parseMetrics(await metrics.registry.metrics());
  const pattern = new RegExp(`[{,]${label}="([^"]*)"`);
  return new Set([...samples.keys()].flatMap((key) => pattern.exec(key)?.[1] ?? []));
}

describe('tenant metric labels', () => {
  it('row 214: jobs of 1000 tenants, busy ones and a long tail, coming and going -> at most N+2 tenant label values at any time (the busiest, default, other)', async () => {
    const metrics = createWorkerMetrics({ maxTenantLabels: 5 });
    const busy = ['big-1', 'big-2', 'big-3'];
    for (let round = 0; round < 20; round += 1) {
      for (let i = 0; i < 50; i += 1) {
        const tenant = `tail-${round * 50 + i}`;
        metrics.tenantWait(tenant, 1);
        metrics.tenantCost(tenant, 0.01, { input: 10, output: 1 });
        metrics.tenantJob(tenant, 'completed');
        for (const big of busy) for (let n = 0; n < 5; n += 1) metrics.tenantJob(big, 'completed');
        metrics.tenantJob('default', 'dead_lettered');
      }
      expect((await labelValues(metrics, 'tenant')).size).toBeLessThanOrEqual(7);
    }
    const tenants = await labelValues(metrics, 'tenant');
    for (const expected of [...busy, 'default', 'other']) expect(tenants).toContain(expected);
    const samples = parseMetrics(await metrics.registry.metrics());
    expect(samples.get('quarry_tenant_jobs_total{outcome="completed",tenant="big-1"}')).toBe(5000);
    expect(samples.get('quarry_tenant_jobs_total{outcome="dead_lettered",tenant="default"}')).toBe(1000);
    expect(samples.get('quarry_tenant_jobs_total{outcome="completed",tenant="other"}')).toBeGreaterThan(900);
  });

  it('gives a busier newcomer the label of the least busy labelled tenant, whose series go', () => {
    let now = 0;
    const evicted: string[] = [];
    const labels = new TenantLabels({
      max: 2,
      halfLifeMs: 1000,
      now: () => now,
      onEvict: (t) => evicted.push(t),
    });
    expect(labels.label('a')).toBe('a');
    expect(labels.label('b')).toBe('b');
    expect(labels.label('c')).toBe('other');
    now = 5000;
    for (let i = 0; i < 3; i += 1) labels.label('c');
    expect(labels.label('c')).toBe('c');
    expect(evicted).toEqual(['a']);
    expect(labels.label('b')).toBe('b');
    now = 5001;
    expect(labels.label('a')).toBe('other');
  });

  it('keeps a rank through rescaling after many half-lives', () => {
    let now = 0;
    const labels = new TenantLabels({ max: 1, halfLifeMs: 1, now: () => now });
    labels.label('a');
    now = 1000;
    for (let i = 0; i < 10; i += 1) labels.label('b');
    expect(labels.label('b')).toBe('b');
    expect(labels.label('a')).toBe('other');
  });

  it('counts default always as default, and other, ids that are not tenant ids, as other', () => {
    const labels = new TenantLabels({ max: 1 });
    expect(labels.label('default')).toBe('default');
    for (const odd of ['other', '', 'a b', 'x'.repeat(65), 'a"b', 'a\nb'])
      expect(labels.label(odd)).toBe('other');
    expect(labels.label('acme')).toBe('acme');
  });

  it('refuses sizes that are not positive numbers', () => {
    for (const max of [0, -1, 1.5, Number.NaN])
      expect(() => new TenantLabels({ max })).toThrow(/max must be/);
    expect(() => new TenantLabels({ halfLifeMs: 0 })).toThrow(/halfLifeMs/);
  });

  it('counts cost, tokens and waits by tenant, taking numbers that are not amounts as 0', async () => {
    const metrics = createWorkerMetrics();
    metrics.tenantCost('acme', 0.5, { input: 100, output: 20 });
    metrics.tenantCost('acme', null, { input: Number.NaN, output: -3 });
    metrics.tenantWait('acme', 2);
    metrics.tenantWait('acme', Number.POSITIVE_INFINITY);
    const samples = parseMetrics(await metrics.registry.metrics());
    expect(samples.get('quarry_tenant_cost_usd_total{tenant="acme"}')).toBe(0.5);
    expect(samples.get('quarry_tenant_tokens_total{kind="input",tenant="acme"}')).toBe(100);
    expect(samples.get('quarry_tenant_tokens_total{kind="output",tenant="acme"}')).toBe(20);
    expect(samples.get('quarry_tenant_wait_seconds_count{tenant="acme"}')).toBe(2);
    expect(samples.get('quarry_tenant_wait_seconds_sum{tenant="acme"}')).toBe(2);
  });
});
