import {
  emptyWorkflowStats,
  quarryKeys,
  queueDefaults,
  RedisHistoryStore,
  type WorkflowStatsCounts,
  WorkflowStatsStore,
} from '@quarry/queue';
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

  /** Three `invoice@v2` jobs: the first makes both mistakes, the second only the one named by its escape; that one is then retired. */
  const seedLessons = async (prefix: string) => {
    const history = new RedisHistoryStore({ redis, keys: quarryKeys({ prefix }), ...queueDefaults.history });
    const key = { workflow: 'invoice', version: 2 };
    const helpful = 'rule:total:total-matches';
    const retired = 'schema:date\u001b[2J:invalid_format';
    const observations = (...signatures: string[]) =>
      signatures.map((signature) => ({ signature, example: 'e' }));
    const job = async (errors: string[]) => {
      const candidates = await history.lessonCandidates(key, { limit: 3 });
      const shown = candidates.map((candidate) => candidate.lesson.signature);
      await history.countLessonJobs(key, {
        jobs: 1,
        shown: new Map(shown.map((signature) => [signature, 1])),
      });
      if (errors.length > 0) await history.record(key, observations(...errors), { shown });
    };
    await job([helpful, retired]);
    await job([retired]);
    await job([]);
    await history.retireLesson(key, {
      signature: retired,
      shownRate: 0.5,
      notShownRate: 0.25,
    });
  };

  it('lists the lessons of each version: shown and not-shown error rates, jobs, state', async ({
    prefix,
  }) => {
    await seed();
    await seedLessons(prefix);
    const text = await runQuarry(['workflows', 'stats'], env);
    expect(text.code).toBe(0);
    const lines = text.stdout.trimEnd().split('\n');
    const head = lines.findIndex((line) => line.startsWith('WORKFLOW  '));
    const lessons = lines.slice(lines.indexOf('', head) + 1);
    expect(lessons[0]).toMatch(/^WORKFLOW\s+LESSON\s+STATE\s+SHOWN\s+NOT SHOWN$/);
    expect(lessons[1]).toMatch(
      /^invoice@v2\s+rule:total:total-matches\s+active\s+0\.0 % of 2\s+100\.0 % of 1$/,
    );
    // Counts start again at a retirement; the rates it was retired on stay with it.
    expect(lessons[2]).toMatch(
      /^invoice@v2\s+schema:date\\u001b\[2J:invalid_format\s+retired \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ at 50\.0 % vs 25\.0 %\s+- of 0\s+- of 0$/,
    );
    expect(lessons).toHaveLength(3);
    expect(text.stdout).not.toContain('\u001b');

    const json = await runQuarry(['workflows', 'stats', '--json', '--workflow', 'invoice'], env);
    const parsed = JSON.parse(json.stdout) as { workflows: { lessons: unknown[] }[] };
    expect(parsed.workflows[0]?.lessons).toEqual([
      {
        signature: 'rule:total:total-matches',
        state: 'active',
        shownJobs: 2,
        shownErrorRate: 0,
        notShownJobs: 1,
        notShownErrorRate: 1,
        retired: null,
      },
      {
        signature: 'schema:date\u001b[2J:invalid_format',
        state: 'retired',
        shownJobs: 0,
        shownErrorRate: null,
        notShownJobs: 0,
        notShownErrorRate: null,
        retired: { at: expect.stringMatching(/Z$/), shownRate: 0.5, notShownRate: 0.25 },
      },
    ]);
  });

  it('prints no lesson table when no version has lessons', async () => {
    await seed();
    const run = await runQuarry(['workflows', 'stats'], env);
    expect(run.stdout).not.toContain('LESSON');
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(3);
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
