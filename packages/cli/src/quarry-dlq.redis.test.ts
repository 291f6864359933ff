import { fileURLToPath } from 'node:url';
import { issueSignature } from '@quarry/core';
import { openQueues, type QuarryQueues } from '@quarry/queue';
import { it, runProcess } from '@quarry/testing';
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, vi } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';
import { type SeedDlqRecordOptions, seedDlqRecord } from './test-fixtures/seed-dlq-record';

describe('quarry dlq and replay-dlq (in-process, seeded DLQ)', () => {
  let redis: Redis;
  let prefix: string;
  let queues: QuarryQueues;
  let env: Record<string, string>;

  it.beforeEach(({ redisUrl, redis: connection, prefix: testPrefix }) => {
    redis = connection;
    prefix = testPrefix;
    queues = openQueues({ connection: redis, config: { prefix } });
    env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
  });
  afterEach(async () => {
    await queues.close();
  });

  const seed = (options: Omit<SeedDlqRecordOptions, 'queues'>) => seedDlqRecord({ queues, ...options });

  async function snapshot(): Promise<Record<string, string>> {
    const keys = (await redis.keys(`${prefix}*`)).sort();
    return Object.fromEntries(
      await Promise.all(
        keys.map(async (key) => [key, (await redis.dumpBuffer(key))?.toString('hex') ?? ''] as const),
      ),
    );
  }

  describe('dlq list', () => {
    it('prints a table led by the top issue: id, top issue, reason, workflow@version, fingerprint, model calls, cost, age and state', async () => {
      const record = await seed({ jobId: 'one' });
      const run = await runQuarry(['dlq', 'list'], env);
      expect(run.code).toBe(0);
      const [header, row] = run.stdout.trimEnd().split('\n');
      expect(header?.split(/\s{2,}/)).toEqual([
        'DLQ ID',
        'TOP ISSUE / REASON',
        'REASON',
        'WORKFLOW',
        'FINGERPRINT',
        'MODEL CALLS',
        'COST',
        'AGE',
        'STATE',
      ]);
      expect(row?.split(/\s{2,}/)).toEqual([
        record.dlqId,
        'total: expected number at total',
        'validation_exhausted',
        'invoice@v1',
        record.fingerprint,
        '2',
        '$0.0020',
        '1h',
        'dead',
      ]);
      expect(run.stderr).toBe('1 record(s)\n');
    });

    it('filters with selectors and prints JSON', async () => {
      await seed({ jobId: 'a', kind: 'no_progress' });
      const b = await seed({ jobId: 'b' });
      const run = await runQuarry(
        ['dlq', 'list', '--reason', 'validation_exhausted', '--since', '2h', '--json'],
        env,
      );
      expect(run.code).toBe(0);
      const entries = JSON.parse(run.stdout) as { dlqId: string }[];
      expect(entries.map((entry) => entry.dlqId)).toEqual([b.dlqId]);
    });

    it('shows and selects refusals by category as refused:<category>', async () => {
      const cyber = await seed({ jobId: 'r1', kind: 'refused', refusalCategory: 'cyber' });
      const bio = await seed({ jobId: 'r2', kind: 'refused', refusalCategory: 'bio' });
      const list = await runQuarry(['dlq', 'list', '--reason', 'refused:cyber'], env);
      expect(list.code).toBe(0);
      const rows = list.stdout.trimEnd().split('\n').slice(1);
      expect(rows.map((row) => row.split(/\s{2,}/).slice(0, 4))).toEqual([
        [cyber.dlqId, 'total: expected number at total', 'refused:cyber', 'invoice@v1'],
      ]);
      const all = await runQuarry(['dlq', 'list', '--reason', 'refused', '--json'], env);
      const ids = (JSON.parse(all.stdout) as { dlqId: string }[]).map((entry) => entry.dlqId).sort();
      expect(ids).toEqual([cyber.dlqId, bio.dlqId].sort());
      const groups = await runQuarry(['dlq', 'groups', '--json'], env);
      const reasons = (JSON.parse(groups.stdout) as { reason: string }[]).map((group) => group.reason).sort();
      expect(reasons).toEqual(['refused:bio', 'refused:cyber']);
    });

    it('names bad selectors and exits 1', async () => {
      const run = await runQuarry(['dlq', 'list', '--reason', 'broken', '--version', '2'], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('quarry dlq list: invalid selection, nothing was changed:');
      expect(run.stderr).toContain('--version: needs --workflow');
      expect(run.stderr).toContain('--reason: must be one of validation_exhausted');
    });
  });

  describe('dlq show and groups', () => {
    it('shows the whole record with every attempt, its issues and raw output', async () => {
      const record = await seed({ jobId: 'shown' });
      const run = await runQuarry(['dlq', 'show', record.dlqId], env);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`DLQ record ${record.dlqId}`);
      expect(run.stdout).toContain('reason         validation_exhausted: no valid reply for shown');
      expect(run.stdout).toContain(
        'Attempt 2 · claude-haiku-4-5 · 1.0 s · stop end_turn · 800 in / 100 out tokens',
      );
      expect(run.stdout).toContain('    - schema total: expected number at total');
      expect(run.stdout).toContain('{"total": "twelve"}');
      expect(run.stdout).toContain('"text": "Invoice shown"');
      const json = JSON.parse((await runQuarry(['dlq', 'show', record.dlqId, '--json'], env)).stdout);
      expect(json.record).toEqual(record);
      expect(json.chain.records.map((link: { dlqId: string }) => link.dlqId)).toEqual([record.dlqId]);
    });

    it('starts with why the record was dead-lettered and a prefilled dry run of its replay', async () => {
      const record = await seed({ jobId: 'why' });
      const run = await runQuarry(['dlq', 'show', record.dlqId], env);
      expect(run.code).toBe(0);
      expect(run.stdout.split('\n').slice(0, 3)).toEqual([
        `DLQ record ${record.dlqId}`,
        'Why: validation_exhausted after 2 model calls; top issue (seen 2×) total: expected number at total',
        `Next: quarry replay-dlq --ids ${record.dlqId} --dry-run`,
      ]);
    });

    it('names an unknown id', async () => {
      const run = await runQuarry(['dlq', 'show', 'dlq-missing'], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe('quarry dlq show: No DLQ record "dlq-missing"\n');
    });

    it('groups by fingerprint', async () => {
      const first = await seed({ jobId: 'g1' });
      await seed({ jobId: 'g2' });
      await seed({ jobId: 'g3', path: 'vendorName' });
      const run = await runQuarry(['dlq', 'groups', '--json'], env);
      const groups = JSON.parse(run.stdout) as {
        fingerprint: string;
        count: number;
        topIssues: { signature: string }[];
      }[];
      expect(groups.map((group) => group.count)).toEqual([2, 1]);
      expect(groups[0]?.fingerprint).toBe(first.fingerprint);
      expect(groups[0]?.topIssues.map((issue) => issue.signature)).toEqual([
        issueSignature({ source: 'schema', path: 'total', code: 'invalid_type', message: '' }),
      ]);
      const table = await runQuarry(['dlq', 'groups'], env);
      expect(table.stdout).toContain('2 (2 dead)');
    });
  });

  describe('replay-dlq', () => {
    it('--dry-run prints the count and a sample table and changes nothing', async () => {
      const one = await seed({ jobId: 'dry-1' });
      await seed({ jobId: 'dry-2' });
      const before = await snapshot();
      const run = await runQuarry(['replay-dlq', '--all', '--dry-run'], env);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(
        'Dry run: 2 matched, 2 would be replayed, 0 skipped, 0 cannot be replayed; nothing was changed.',
      );
      expect(run.stdout).toContain(`replay-${one.dlqId}-1`);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses without --yes when there is no terminal, and asks on one', async () => {
      const record = await seed({ jobId: 'ask' });
      const before = await snapshot();
      const refused = await runQuarry(['replay-dlq', '--ids', record.dlqId], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('refusing to replay 1 of 1 matched record(s) without confirmation');
      const declined = await runQuarry(['replay-dlq', '--ids', record.dlqId], env, ['n']);
      expect(declined.code).toBe(1);
      expect(declined.asked).toEqual(['Replay 1 of 1 matched record(s) as new jobs? [y/N] ']);
      expect(await snapshot()).toEqual(before);
      const accepted = await runQuarry(['replay-dlq', '--ids', record.dlqId], env, ['y']);
      expect(accepted.code).toBe(0);
      expect(accepted.stdout).toContain('Replayed 1 of 1 matched; 0 skipped, 0 failed.');
      // The progress bar (cli-progress) on the terminal's standard error, ended with a line feed.
      expect(accepted.stderr).toMatch(/\[#{30}\] 1\/1 replayed dlq-[0-9a-f]+/);
      expect(accepted.stderr.endsWith('\n')).toBe(true);
      expect(await queues.queue.getJob(`replay-${record.dlqId}-1`)).toBeDefined();
    });

    it('--json prints matched, replayed, skipped and jobs; a second replay adds nothing', async () => {
      const record = await seed({ jobId: 'twice' });
      const replay = () =>
        runQuarry(['replay-dlq', '--fingerprint', record.fingerprint, '--yes', '--json'], env);
      const first = await replay();
      expect(first.code).toBe(0);
      expect(JSON.parse(first.stdout)).toEqual({
        matched: 1,
        replayed: 1,
        skipped: [],
        jobs: [{ dlqId: record.dlqId, newJobId: `replay-${record.dlqId}-1` }],
        failed: [],
      });
      const second = await replay();
      expect(second.code).toBe(0);
      expect(JSON.parse(second.stdout)).toMatchObject({
        matched: 1,
        replayed: 0,
        jobs: [],
        skipped: [
          {
            dlqId: record.dlqId,
            why: expect.stringContaining(`already replayed as job replay-${record.dlqId}-1`),
          },
        ],
      });
      expect(await queues.queue.count()).toBe(1);
    });

    it('skips quarantined records unless --force', async () => {
      const record = await seed({
        jobId: 'tired',
        lineage: { rootJobId: 'root', replayOf: 'dlq-x', redriveCount: 3 },
      });
      const skipped = await runQuarry(['replay-dlq', '--ids', record.dlqId, '--yes', '--json'], env);
      expect(skipped.code).toBe(0);
      expect(JSON.parse(skipped.stdout).skipped).toEqual([
        {
          dlqId: record.dlqId,
          why: 'quarantined: its chain was redriven 3 times (maxRedrives 3); force to replay anyway',
        },
      ]);
      const looser = await runQuarry(['replay-dlq', '--ids', record.dlqId, '--yes', '--json'], {
        ...env,
        QUARRY_MAX_REDRIVES: '5',
      });
      expect(JSON.parse(looser.stdout).replayed).toBe(1);
    });

    it('--force replays a quarantined record', async () => {
      const record = await seed({
        jobId: 'forced',
        lineage: { rootJobId: 'root', replayOf: 'dlq-x', redriveCount: 3 },
      });
      const run = await runQuarry(['replay-dlq', '--ids', record.dlqId, '--yes', '--force', '--json'], env);
      expect(JSON.parse(run.stdout).jobs).toEqual([
        { dlqId: record.dlqId, newJobId: `replay-${record.dlqId}-4` },
      ]);
    });

    it('validates overrides: --to-version must exist, --max-attempts must be a positive integer, --model must be allowed', async () => {
      const record = await seed({ jobId: 'versions' });
      const replayIt = (flags: readonly string[], more: Record<string, string> = {}) =>
        runQuarry(['replay-dlq', '--ids', record.dlqId, '--yes', ...flags], { ...env, ...more });
      const refusals = [
        [['--to-version', '3'], 'stdout', 'workflow "invoice" has no version 3 (known versions: 1, 2)'],
        [
          ['--max-attempts', '0'],
          'stderr',
          'quarry replay-dlq: --max-attempts must be an integer from 1 to 20, got "0"',
        ],
        [['--rate', 'fast'], 'stderr', '--rate must be a positive number of jobs per second, got "fast"'],
        [
          ['--model', 'claude-sonnet-4-5'],
          'stdout',
          'overrides.model: model "claude-sonnet-4-5" is not allowed for workflow "invoice" (no model is allowed; add it to QUARRY_ALLOWED_MODELS)',
        ],
      ] as const;
      for (const [flags, stream, message] of refusals) {
        const refused = await replayIt(flags);
        expect(refused.code, flags.join(' ')).toBe(1);
        expect(refused[stream], flags.join(' ')).toContain(message);
      }
      expect(await queues.queue.count()).toBe(0);
      const latest = await replayIt(
        ['--json', '--to-version', 'latest', '--model', 'claude-sonnet-4-5', '--max-attempts', '5'],
        { QUARRY_ALLOWED_MODELS: 'claude-opus-4-1,claude-sonnet-4-5' },
      );
      expect(latest.code).toBe(0);
      const job = await queues.queue.getJob(`replay-${record.dlqId}-1`);
      // The record was written for invoice@v1; latest is v2.
      expect(job?.data).toMatchObject({
        version: 2,
        overrides: { model: 'claude-sonnet-4-5', maxAttempts: 5 },
      });
    });

    it('refuses to replay without any selector', async () => {
      await seed({ jobId: 'x' });
      const run = await runQuarry(['replay-dlq', '--yes'], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('choose the records to replay');
    });
  });

  it('dlq prune removes replayed records past the retention', async () => {
    const record = await seed({ jobId: 'pruned' });
    const kept = await seed({ jobId: 'kept' });
    await runQuarry(['replay-dlq', '--ids', record.dlqId, '--yes'], env);
    expect(JSON.parse((await runQuarry(['dlq', 'prune', '--json'], env)).stdout)).toEqual({ removed: [] });
    const replayedAt = Date.parse((await queues.dlq.getJob(record.dlqId))?.data.replay?.replayedAt ?? '');
    await vi.waitUntil(() => Date.now() > replayedAt + 10, { interval: 5 });
    const run = await runQuarry(['dlq', 'prune', '--older-than', '10ms', '--json'], env);
    expect(JSON.parse(run.stdout)).toEqual({ removed: [record.dlqId] });
    expect(await queues.dlq.getJob(kept.dlqId)).toBeDefined();
  });

  it('prints --help for every DLQ command, and runs as `pnpm replay-dlq` from the repository root', async () => {
    for (const argv of [
      ['dlq', 'list'],
      ['dlq', 'show'],
      ['dlq', 'groups'],
      ['dlq', 'prune'],
      ['replay-dlq'],
    ]) {
      const run = await runQuarry([...argv, '--help'], env);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Usage: quarry ${argv.join(' ')}`));
    }
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const help = await runProcess({
      command: 'pnpm',
      args: ['-s', 'replay-dlq', '--help'],
      cwd: root,
      group: true,
    });
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: quarry replay-dlq \[selectors\] \[options\]\n/);
    // `pnpm` and tsx start a process: seconds on a busy machine.
  }, 60_000);

  it('reports an unreachable Redis', async () => {
    const run = await runQuarry(['dlq', 'list'], { REDIS_URL: 'redis://127.0.0.1:1', QUARRY_PREFIX: prefix });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^quarry dlq list: Redis at redis:\/\/127\.0\.0\.1:1 is unavailable \(dlq list\)/,
    );
  });
});
