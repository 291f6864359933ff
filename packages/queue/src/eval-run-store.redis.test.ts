import { it } from '@quarry/testing';
import { describe, expect, vi } from 'vitest';
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
    // The index orders by the time of storing: each save in a later millisecond than the one before.
    const nextMillisecond = async () => {
      const now = Date.now();
      await vi.waitUntil(() => Date.now() > now, { interval: 1 });
    };
    await store.save({ listing: listing('run-a'), report: { items: [1, 2] } });
    await nextMillisecond();
    await store.save({ listing: listing('run-b', null), report: { items: [] } });
    await nextMillisecond();
    await store.save({ listing: listing('run-a', 0.95), report: { items: [3] } });
    const { runs, unreadable } = await store.list();
    expect(runs.map((run) => [run.runId, run.f1])).toEqual([
      ['run-a', 0.95],
      ['run-b', null],
    ]);
    expect(unreadable).toEqual([]);
    expect(await store.get('run-a')).toEqual({ listing: listing('run-a', 0.95), report: { items: [3] } });
    expect(await store.read('run-a')).toEqual(await store.get('run-a'));
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
    expect(await redis.pttl(keys.evalRuns.listing('run-a'))).toBeGreaterThan(3_500_000);
    await redis.del(keys.evalRuns.run('run-a'), keys.evalRuns.listing('run-a'));
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
    await redis.set(keys.evalRuns.listing('run-a'), '{"runId":');
    expect(await store.list()).toEqual({ runs: [], unreadable: ['run-a'] });
    expect(await store.get('run-a')).toBeNull();
    expect(await store.read('run-a')).toEqual({ runId: 'run-a', problem: 'the stored run is not JSON' });
    await redis.set(keys.evalRuns.run('run-a'), JSON.stringify({ listing: { runId: 'run-a' }, report: {} }));
    expect(await store.read('run-a')).toMatchObject({ runId: 'run-a', problem: /^listing\.storedAt: / });
    await expect(store.save({ listing: { ...listing('../x') }, report: {} })).rejects.toThrow(/runId/);
    await expect(store.save({ listing: { ...listing('run-c'), f1: 1.5 }, report: {} })).rejects.toThrow(/f1/);
    const huge = 'x'.repeat(evalRunStoreDefaults.maxBytes);
    await expect(store.save({ listing: listing('run-d'), report: { huge } })).rejects.toBeInstanceOf(
      EvalRunTooLargeError,
    );
    expect(await store.get('run-d')).toBeNull();
    expect(await store.get('../../etc')).toBeNull();
    expect(await store.read('../../etc')).toBeNull();
    expect(await store.read('run-d')).toBeNull();
  });

  it('lists runs from their listings alone, and reads a run stored without one whole', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const store = new EvalRunStore({ redis, keys });
    await store.save({ listing: listing('run-new'), report: { huge: 'x'.repeat(1000) } });
    // The run's JSON is not read for the list: a broken one is found when the run is read.
    await redis.set(keys.evalRuns.run('run-new'), '{"listing":');
    // A run stored before listings were kept apart: only its whole JSON.
    await redis.set(
      keys.evalRuns.run('run-old'),
      JSON.stringify({ listing: listing('run-old'), report: {} }),
    );
    await redis.zadd(keys.evalRuns.index(), 1, 'run-old');
    expect(await store.list()).toEqual({ runs: [listing('run-new'), listing('run-old')], unreadable: [] });
    expect(await store.read('run-new')).toEqual({ runId: 'run-new', problem: 'the stored run is not JSON' });
  });
});
