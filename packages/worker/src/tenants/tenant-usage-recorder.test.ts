import type { TenantUsageEntry } from '@quarry/queue';
import { TENANT_WAIT_BUCKETS_MS } from '@quarry/queue';
import { describe, expect, it } from 'vitest';
import { captureLog } from '../test-fixtures/capture-log';
import { TenantUsageRecorder } from './tenant-usage-recorder';

/** A store that keeps every batch it was given, and fails while `failing` is set. */
function fakeStore() {
  const batches: { entries: readonly TenantUsageEntry[]; nowMs: number }[] = [];
  const store = {
    failing: false,
    batches,
    async record(options: { readonly entries: readonly TenantUsageEntry[]; readonly nowMs: number }) {
      if (store.failing) throw new Error("READONLY You can't write against a read only replica.");
      batches.push({ entries: structuredClone(options.entries), nowMs: options.nowMs });
    },
  };
  return store;
}

const byTenant = (entries: readonly TenantUsageEntry[]) =>
  Object.fromEntries(entries.map((entry) => [entry.tenant, entry.counts]));

describe('TenantUsageRecorder', () => {
  it('gathers every job of every tenant into one write per flush', async () => {
    const store = fakeStore();
    const { log } = captureLog();
    const recorder = new TenantUsageRecorder({ store, log, flushMs: 3_600_000, now: () => 42 });
    for (let i = 0; i < 100; i += 1) {
      const tenant = i % 2 === 0 ? 'acme' : 'globex';
      recorder.started(tenant, i < 90 ? 50 : 30_000);
      recorder.attempt(tenant, { inputTokens: 100, outputTokens: 10, costUsd: 0.01 });
      recorder.completed(tenant);
    }
    recorder.attempt('acme', { inputTokens: 5, outputTokens: 1, costUsd: null });
    expect(store.batches).toHaveLength(0);
    await recorder.flush();
    expect(store.batches).toHaveLength(1);
    expect(store.batches[0]?.nowMs).toBe(42);
    const counts = byTenant(store.batches[0]?.entries ?? []);
    expect(counts.acme).toMatchObject({ started: 50, completed: 50, attempts: 51, inputTokens: 5005 });
    expect(counts.acme?.costUsd).toBeCloseTo(0.5, 10);
    expect(counts.globex?.waits[0]).toBe(45);
    expect(counts.globex?.waits[TENANT_WAIT_BUCKETS_MS.indexOf(60_000)]).toBe(5);
    await recorder.flush();
    expect(store.batches).toHaveLength(1);
    await recorder.close();
  });

  it('flushes on its own every flushMs, and what is left on close', async () => {
    const store = fakeStore();
    const recorder = new TenantUsageRecorder({ store, log: captureLog().log, flushMs: 20 });
    recorder.started('acme', 0);
    await expect.poll(() => store.batches.length).toBe(1);
    recorder.completed('acme');
    await recorder.close();
    expect(store.batches.at(-1)?.entries).toEqual([expect.objectContaining({ tenant: 'acme' })]);
    expect(store.batches.at(-1)?.entries[0]?.counts.completed).toBe(1);
  });

  it('keeps the counts of a failed write for the next flush and logs it as an object without the tenants', async () => {
    const store = fakeStore();
    const { lines, log } = captureLog();
    const recorder = new TenantUsageRecorder({ store, log, flushMs: 3_600_000 });
    recorder.started('acme', 10);
    recorder.attempt('acme', { inputTokens: 7, outputTokens: 3, costUsd: 0.5 });
    store.failing = true;
    await recorder.flush();
    recorder.started('acme', 10);
    await recorder.flush();
    expect(store.batches).toHaveLength(0);
    expect(
      lines.filter((line) => line.msg === 'tenant usage not written; kept for the next flush'),
    ).toHaveLength(2);
    expect(lines[0]).toMatchObject({ tenants: 1, error: expect.objectContaining({ name: 'Error' }) });
    store.failing = false;
    await recorder.close();
    const counts = byTenant(store.batches[0]?.entries ?? []);
    expect(counts.acme).toMatchObject({ started: 2, attempts: 1, inputTokens: 7, costUsd: 0.5 });
    expect(recorder.lost).toBe(0);
  });

  it('holds at most maxTenants tenants while writes fail, dropping the rest as lost', async () => {
    const store = fakeStore();
    const { lines, log } = captureLog();
    const recorder = new TenantUsageRecorder({ store, log, flushMs: 3_600_000, maxTenants: 3 });
    store.failing = true;
    for (const tenant of ['a', 'b', 'c', 'd', 'e']) recorder.started(tenant, 0);
    expect(recorder.lost).toBe(2);
    await recorder.flush();
    recorder.started('f', 0);
    recorder.started('a', 0);
    expect(recorder.lost).toBe(3);
    store.failing = false;
    await recorder.close();
    expect(Object.keys(byTenant(store.batches[0]?.entries ?? [])).sort()).toEqual(['a', 'b', 'c']);
    expect(byTenant(store.batches[0]?.entries ?? []).a?.started).toBe(2);
    expect(lines.some((line) => line.lost === 2 && line.maxTenants === 3)).toBe(true);
  });

  it('drops counts of a tenant id that is not one, and clamps numbers that are not counts', async () => {
    const store = fakeStore();
    const recorder = new TenantUsageRecorder({ store, log: captureLog().log, flushMs: 3_600_000 });
    recorder.started('not a tenant', 0);
    recorder.completed('x'.repeat(65));
    recorder.started('acme', Number.NaN);
    recorder.started('acme', -5);
    recorder.attempt('acme', {
      inputTokens: -1,
      outputTokens: Number.POSITIVE_INFINITY,
      costUsd: Number.NaN,
    });
    await recorder.close();
    expect(recorder.lost).toBe(2);
    const counts = byTenant(store.batches[0]?.entries ?? []);
    expect(Object.keys(counts)).toEqual(['acme']);
    expect(counts.acme).toMatchObject({
      started: 2,
      attempts: 1,
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
    });
    expect(counts.acme?.waits[0]).toBe(2);
  });

  it('refuses a flush interval or a tenant cap that is not a whole number from 1', () => {
    const store = fakeStore();
    const { log } = captureLog();
    for (const flushMs of [0, -1, 1.5, Number.NaN]) {
      expect(() => new TenantUsageRecorder({ store, log, flushMs })).toThrow(
        /flushMs must be a whole number/,
      );
    }
    expect(() => new TenantUsageRecorder({ store, log, maxTenants: 0 })).toThrow(/maxTenants/);
  });
});
