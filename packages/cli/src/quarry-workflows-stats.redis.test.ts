import { emptyWorkflowStats, quarryKeys, type WorkflowStatsCounts, WorkflowStatsStore } from '@quarry/queue';
import { it } from '@quarry/testing';
import type { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';

const counts = (overrides: Partial<WorkflowStatsCounts>): WorkflowStatsCounts => ({
  ...emptyWorkflowStats(),
  ...overrides,
});

describe('quarry workflows stats (in-process, seeded statistics)', () => {
  let redis: Redis;
  let env: Record<string, string>;
  let store: WorkflowStatsStore;

  it.beforeEach(({ redisUrl, redis: connection, prefix }) => {
    redis = connection;
    env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
    store = new WorkflowStatsStore({ redis, keys: quarryKeys({ prefix }) });
  });

  const seed = async () => {
    await store.record(
      { workflow: 'invoice', version: 2 },
      counts({
        firstAttempts: 10,
        firstAttemptFailures: 3,
        calls: 14,
        callsByModel: { 'claude-haiku-5-5': 12, 'claude-sonnet-5-5': 2 },
        validJobs: 9,
        costUsd: 0.018,
        inputTokens: 3000,
        cacheWriteTokens: 1000,
        cacheReadTokens: 6000,
      }),
    );
    await store.record(
      { workflow: 'receipt\u001b[2J', version: 1 },
      counts({ firstAttempts: 1, calls: 1, callsByModel: { 'claude-haiku-5-5': 1 }, unpricedCalls: 1 }),
    );
  };

  it('prints one row per workflow version with validity, calls, cost, cache read share and models', async () => {
    await seed();
    const run = await runQuarry(['workflows', 'stats'], env);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^WORKFLOW\s+FIRST TRIES\s+FIRST VALID\s+MEAN CALLS\s+VALID JOBS\s+COST\/VALID\s+CACHE READ\s+MODELS$/,
    );
    expect(lines[1]).toMatch(
      /^invoice@v2\s+10\s+70\.0 %\s+1\.40\s+9\s+\$0\.0020\s+60\.0 %\s+claude-haiku-5-5 85\.7 %, claude-sonnet-5-5 14\.3 %$/,
    );
    // A name holding a terminal escape is shown escaped, never sent to the terminal raw.
    expect(run.stdout).not.toContain('\u001b');
    expect(lines[2]).toContain('receipt\\u001b[2J@v1');
    expect(run.stderr).toContain('1 call(s) of models without a known price are not in its cost');
    expect(run.stderr).not.toContain('\u001b');
    expect(run.stderr).toContain('2 workflow version(s) in the last 60 minutes');
  });

  it('prints JSON for --json, narrowed by --workflow and --window', async () => {
    await seed();
    const run = await runQuarry(
      ['workflows', 'stats', '--json', '--workflow', 'invoice', '--window', '30m'],
      env,
    );
    expect(run.code).toBe(0);
    const parsed = JSON.parse(run.stdout) as { windowMs: number; workflows: unknown[] };
    expect(parsed.windowMs).toBe(1_800_000);
    expect(parsed.workflows).toEqual([
      expect.objectContaining({
        workflow: 'invoice',
        version: 2,
        firstAttempts: 10,
        firstAttemptValidity: 0.7,
        meanAttempts: 1.4,
        validJobs: 9,
        costPerValidUsd: expect.closeTo(0.002, 9),
        cacheReadShare: 0.6,
      }),
    ]);
  });

  it('prints an empty table when nothing ran in the window', async () => {
    const run = await runQuarry(['workflows', 'stats', '--json'], env);
    expect(JSON.parse(run.stdout)).toEqual({ windowMs: 3_600_000, workflows: [] });
  });

  it.each([['0m'], ['2m'], ['2d'], ['soon'], ['-1h']])(
    'row 127: quarry workflows stats --window 0m / 2m / 2d / soon / -1h -> refuses --window %s, naming the flag',
    async (window) => {
      const run = await runQuarry(['workflows', 'stats', `--window=${window}`], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('--window must be a duration from 5m to 24h, such as 30m, 1h or 1d');
      expect(run.stdout).toBe('');
    },
  );
});
