import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { type EvalRunListing, EvalRunStore, evalRunStoreDefaults } from './eval-run-store';
import { EvalRunTooLargeError } from './eval-run-too-large-error';
import { quarryKeys } from './keys';

const listing = (runId: string, f1: number | null = 0.9): EvalRunListing => ({
  runId,
  storedAt: '2026-11-27T12:00:00.000Z',
  set: 'reviewed-invoice',
  workflow: 'invoice',
  version: 2,
  items: 10,
  f1,
  costUsd: 0.012,
});

describe('EvalRunStore', () => {
  it('stores runs with their report, lists them newest first and replaces a run stored again', async ({
    redis,
    prefix,
  }) => {
    const store = new EvalRunStore({ redis, keys: quarryKeys({ prefix }) });
    await store.save({ listing: listing('run-a'), report: { items: [1, 2] } });
    await store.save({ listing: listing('run-b', null), report: { items: [] } });
    await store.save({ listing: listing('run-a', 0.95), report: { items: [3] } });
    const { runs, unreadable } = await store.list();
    expect(runs.map((run) => [run.runId, run.f1])).toEqual([
      ['run-a', 0.95],
      ['run-b', null],
    ]);
    expect(unreadable).toEqual([]);
    expect(await store.get('run-a')).toEqual({ listing: listing('run-a', 0.95), report: { items: [3] } });
    expect(await store.list({ limit: 1 })).toEqual({ runs: [listing('run-a', 0.95)], unreadable: [] });
  });

  it('keeps each run for its retention only, and the index forgets expired runs', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const store = new EvalRunStore({ redis, keys, retentionMs: 3_600_000 });
    await store.save({ listing: listing('run-a'), report: {} });
    const ttl = await redis.pttl(keys.evalRuns.run('run-a'));
    expect(ttl).toBeGreaterThan(3_500_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);
    await redis.del(keys.evalRuns.run('run-a'));
    expect(await store.list()).toEqual({ runs: [], unreadable: [] });
    expect(await redis.zcard(keys.evalRuns.index())).toBe(0);
  });

  it('reports unreadable runs, refuses bad listings and oversize runs, and finds nothing under a hostile id', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const store = new EvalRunStore({ redis, keys });
    await store.save({ listing: listing('run-a'), report: {} });
    await redis.set(keys.evalRuns.run('run-a'), '{"listing":');
    expect(await store.list()).toEqual({ runs: [], unreadable: ['run-a'] });
    expect(await store.get('run-a')).toBeNull();
    await expect(store.save({ listing: { ...listing('../x') }, report: {} })).rejects.toThrow(/runId/);
    await expect(store.save({ listing: { ...listing('run-c'), f1: 1.5 }, report: {} })).rejects.toThrow(/f1/);
    const huge = 'x'.repeat(evalRunStoreDefaults.maxBytes);
    await expect(store.save({ listing: listing('run-d'), report: { huge } })).rejects.toBeInstanceOf(
      EvalRunTooLargeError,
    );
    expect(await store.get('run-d')).toBeNull();
    expect(await store.get('../../etc')).toBeNull();
  });
});
