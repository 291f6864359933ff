import { it } from '@quarry/testing';
import type { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
import { quarryKeys } from './keys';
import { emptyWorkflowStats, type WorkflowStatsCounts } from './workflow-stats-counts';
import { WorkflowStatsStore } from './workflow-stats-store';
import { summarizeWorkflowStats } from './workflow-stats-summary';

const minute = 60_000;
const t0 = Date.UTC(2026, 10, 24, 9, 0, 0);
const invoice = { workflow: 'invoice', version: 2 };

const counts = (overrides: Partial<WorkflowStatsCounts>): WorkflowStatsCounts => ({
  ...emptyWorkflowStats(),
  ...overrides,
});

describe('WorkflowStatsStore', () => {
  let clock = t0;
  const setup = (redis: Redis, prefix: string) =>
    new WorkflowStatsStore({ redis, keys: quarryKeys({ prefix }), now: () => clock });

  it('adds up what several workers record and reads it back over a window', async ({ redis, prefix }) => {
    clock = t0;
    const one = setup(redis, prefix);
    const two = setup(redis, prefix);
    await one.record(
      invoice,
      counts({
        firstAttempts: 3,
        firstAttemptFailures: 1,
        calls: 4,
        callsByModel: { 'claude-haiku-5-5': 4 },
        validJobs: 3,
        costUsd: 0.003,
        inputTokens: 400,
        cacheReadTokens: 500,
        cacheWriteTokens: 100,
      }),
    );
    clock += 2 * minute;
    await two.record(
      invoice,
      counts({
        firstAttempts: 1,
        firstAttemptFailures: 1,
        calls: 2,
        callsByModel: { 'claude-haiku-5-5': 1, 'claude-sonnet-5-5': 1 },
        validJobs: 1,
        costUsd: 0.001,
      }),
    );
    const total = await one.read(invoice, 60 * minute);
    expect(total).toMatchObject({ firstAttempts: 4, firstAttemptFailures: 2, calls: 6, validJobs: 4 });
    expect(total.costUsd).toBeCloseTo(0.004, 9);
    expect(total.callsByModel).toEqual({ 'claude-haiku-5-5': 5, 'claude-sonnet-5-5': 1 });
    expect(summarizeWorkflowStats(invoice, total)).toMatchObject({
      firstAttemptValidity: 0.5,
      meanAttempts: 1.5,
      costPerValidUsd: expect.closeTo(0.001, 9),
      cacheReadShare: 0.5,
      modelShares: [
        { model: 'claude-haiku-5-5', share: 5 / 6 },
        { model: 'claude-sonnet-5-5', share: 1 / 6 },
      ],
    });
    expect(await one.list(60 * minute)).toEqual([invoice]);
  });

  it('leaves buckets older than the window out, and lets every bucket expire', async ({ redis, prefix }) => {
    clock = t0;
    const store = setup(redis, prefix);
    await store.record(invoice, counts({ firstAttempts: 10, firstAttemptFailures: 9 }));
    clock = t0 + 40 * minute;
    await store.record(invoice, counts({ firstAttempts: 10, firstAttemptFailures: 1 }));
    expect(await store.read(invoice, 30 * minute)).toMatchObject({
      firstAttempts: 10,
      firstAttemptFailures: 1,
    });
    expect(await store.read(invoice, 60 * minute)).toMatchObject({
      firstAttempts: 20,
      firstAttemptFailures: 10,
    });
    const keys = await redis.keys(`${prefix}:quarry:wfstats:invoice:*`);
    // Two buckets and the decayed counters.
    expect(keys).toHaveLength(3);
    for (const key of keys) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(24 * 60 * minute);
      expect(ttl).toBeLessThanOrEqual(24 * 60 * minute + 10 * minute);
    }
  });

  it('keeps decayed counters that halve every half-life and come back with each write', async ({
    redis,
    prefix,
  }) => {
    clock = t0;
    const store = setup(redis, prefix);
    const first = await store.record(
      invoice,
      counts({ firstAttempts: 8, firstAttemptFailures: 4, inputTokens: 100, cacheReadTokens: 300 }),
    );
    expect(first).toEqual({
      firstAttempts: 8,
      firstAttemptFailures: 4,
      cacheReadTokens: 300,
      promptTokens: 400,
    });
    clock += 30 * minute;
    expect(await store.readRate(invoice)).toEqual({
      firstAttempts: 4,
      firstAttemptFailures: 2,
      cacheReadTokens: 150,
      promptTokens: 200,
    });
    const second = await store.record(invoice, counts({ firstAttempts: 2 }));
    expect(second).toMatchObject({ firstAttempts: 6, firstAttemptFailures: 2 });
    expect(await store.readRate({ workflow: 'never', version: 1 })).toEqual({
      firstAttempts: 0,
      firstAttemptFailures: 0,
      cacheReadTokens: 0,
      promptTokens: 0,
    });
    const ttl = await redis.pttl(quarryKeys({ prefix }).workflowStats.rate('invoice', 2));
    expect(ttl).toBeGreaterThan(24 * 60 * minute);
  });

  it('lists only versions recorded within the window, and keeps odd model ids out of its fields', async ({
    redis,
    prefix,
  }) => {
    clock = t0;
    const store = setup(redis, prefix);
    await store.record({ workflow: 'old', version: 1 }, counts({ calls: 1 }));
    clock = t0 + 3 * 60 * minute;
    await store.record(invoice, counts({ calls: 1, callsByModel: { 'bad model\u001b[31m': 1 } }));
    await store.record({ workflow: 'invoice', version: 1 }, counts({ calls: 1 }));
    expect(await store.list(60 * minute)).toEqual([{ workflow: 'invoice', version: 1 }, invoice]);
    expect((await store.read(invoice, 60 * minute)).callsByModel).toEqual({ other: 1 });
  });
});
