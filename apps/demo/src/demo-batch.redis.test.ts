import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultModelTable, extractDefaults } from '@quarry/core';
import { it, runProcess } from '@quarry/testing';
import { describe, expect } from 'vitest';
import type { DemoSummary } from './demo-summary';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const main = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Runs `pnpm demo --limit 8 --json --lane <lane>` and parses its summary. */
async function demoSummary(lane: string, redisUrl: string): Promise<DemoSummary> {
  const run = await runProcess({
    command: tsx,
    args: [main, '--limit', '8', '--json', '--lane', lane],
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      REDIS_URL: redisUrl,
      DEMO_DASHBOARD_PORT: '0',
      DEMO_TIMEOUT_SECONDS: '60',
      DEMO_SEED: '11',
    },
    timeoutMs: 110_000,
  });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toContain(`in the ${lane} lane`);
  return JSON.parse(run.stdout.trim()) as DemoSummary;
}

describe('pnpm demo --lane batch (child processes, real Redis, simulated model)', () => {
  it('accounts for every job and costs about half of a realtime run on the same samples and seed', async ({
    redisUrl,
  }) => {
    const [batch, realtime] = await Promise.all([
      demoSummary('batch', redisUrl),
      demoSummary('realtime', redisUrl),
    ]);
    expect(batch.lane).toBe('batch');
    expect(realtime.lane).toBe('realtime');
    const { jobs } = batch;
    expect(jobs).toMatchObject({ total: 8, unfinished: 0 });
    expect(jobs.completedFirstTry + jobs.completedAfterRetries + jobs.needsReview + jobs.deadLettered).toBe(
      8,
    );
    expect(batch.dlqGroups.reduce((sum, group) => sum + group.count, 0)).toBe(jobs.deadLettered);

    // Every token at half the model table's price.
    const prices = defaultModelTable[extractDefaults.modelId]?.prices;
    const { tokens } = batch;
    const fullPrice =
      ((prices?.input ?? 0) * tokens.input +
        (prices?.output ?? 0) * tokens.output +
        (prices?.cacheWrite5m ?? 0) * tokens.cacheCreation +
        (prices?.cacheRead ?? 0) * tokens.cacheRead) /
      1e6;
    expect(batch.costUsd).toBeGreaterThan(0);
    expect(batch.costUsd).toBeCloseTo(fullPrice / 2, 5);
    // The two runs differ in retries (lessons reach batch jobs later), not in price per token.
    const ratio = (batch.costUsd ?? 0) / (realtime.costUsd ?? 1);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(0.6);
  });
});
