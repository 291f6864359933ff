import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';

describe('quarry tenants set and list, quarry enqueue --tenant', () => {
  it("row 206: quarry tenants set with weight, cap and budgets, then a flag cleared with none -> stored merged, listed in text and JSON with the tenant's waiting jobs", async ({
    redisUrl,
    prefix,
  }) => {
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
    const set = await runQuarry(
      ['tenants', 'set', 'acme', '--weight', '2', '--max-concurrency', '3', '--daily-usd', '1.5'],
      env,
    );
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toEqual({
      tenant: 'acme',
      settings: { weight: 2, maxConcurrency: 3, dailyUsd: 1.5 },
    });
    const cleared = await runQuarry(
      ['tenants', 'set', 'acme', '--max-concurrency', 'none', '--monthly-usd', '20'],
      env,
    );
    expect(JSON.parse(cleared.stdout).settings).toEqual({ weight: 2, dailyUsd: 1.5, monthlyUsd: 20 });
    const enqueued = await runQuarry(
      [
        'enqueue',
        '--workflow',
        'invoice',
        '--text',
        'Invoice 7 from ACME, total 12.00 EUR',
        '--tenant',
        'bolt',
        '--json',
      ],
      env,
    );
    expect(enqueued.code, enqueued.stderr).toBe(0);
    const listed = await runQuarry(['tenants', 'list', '--json'], env);
    expect(listed.code, listed.stderr).toBe(0);
    const { tenants } = JSON.parse(listed.stdout) as {
      tenants: { tenant: string; settings: unknown; waiting: { count: number } }[];
    };
    expect(tenants.map((row) => row.tenant).sort()).toEqual(['acme', 'bolt']);
    expect(tenants.find((row) => row.tenant === 'bolt')?.waiting.count).toBe(1);
    expect(tenants.find((row) => row.tenant === 'acme')?.settings).toEqual({
      weight: 2,
      dailyUsd: 1.5,
      monthlyUsd: 20,
    });
    const text = await runQuarry(['tenants', 'list'], env);
    expect(text.stdout).toMatch(/TENANT\s+WEIGHT/);
    expect(text.stdout).toMatch(/acme\s+2\s+-/);
  });

  it.for([
    { args: ['tenants', 'set', 'a b', '--weight', '2'], says: 'tenant id' },
    { args: ['tenants', 'set', 'x'.repeat(65)], says: 'tenant id' },
    { args: ['tenants', 'set', '../x'], says: 'tenant id' },
    { args: ['tenants', 'set', 'acme', '--weight', '0'], says: 'weight' },
    { args: ['tenants', 'set', 'acme', '--weight', 'abc'], says: 'weight' },
    { args: ['tenants', 'set', 'acme', '--daily-usd', '-1'], says: 'dailyUsd' },
    { args: ['tenants', 'set', 'acme', '--max-concurrency', '1.5'], says: 'maxConcurrency' },
    { args: ['tenants', 'set', 'acme', '--colour', 'red'], says: 'colour' },
    { args: ['enqueue', '--workflow', 'invoice', '--text', 'x', '--tenant', 'a b'], says: 'tenant' },
  ])(
    'row 207: $args -> exit 1 naming the problem, nothing written or enqueued',
    async ({ args, says }, { redisUrl, prefix, redis }) => {
      const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
      const result = await runQuarry(args, env);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(says);
      // At most the queue's own meta key (written when a command opens the queue).
      expect((await redis.keys(`${prefix}*`)).filter((key) => !key.endsWith(':meta'))).toEqual([]);
    },
  );

  it('row 210: QUARRY_TENANTS naming a settings file -> written to Redis before the tenants commands act; a bad file -> exit 1 naming file, tenant and field, nothing written', async ({
    redisUrl,
    prefix,
    redis,
  }) => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-tenants-cli-'));
    const good = join(dir, 'tenants.yaml');
    writeFileSync(good, 'tenants:\n  filed:\n    weight: 4\n    dailyUsd: 9\n');
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix, QUARRY_TENANTS: good };
    const listed = await runQuarry(['tenants', 'list', '--json'], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).tenants).toEqual([
      expect.objectContaining({ tenant: 'filed', settings: { weight: 4, dailyUsd: 9 } }),
    ]);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ tenants: { other: { monthlyUsd: -3 } } }));
    const refused = await runQuarry(['tenants', 'list'], { ...env, QUARRY_TENANTS: bad });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('bad.json at tenants.other.monthlyUsd');
    const after = await runQuarry(['tenants', 'list', '--json'], env);
    expect(JSON.parse(after.stdout).tenants.map((row: { tenant: string }) => row.tenant)).toEqual(['filed']);
    expect(await redis.hexists(`${prefix}:quarry:tenants:settings`, 'other')).toBe(0);
  });
});
