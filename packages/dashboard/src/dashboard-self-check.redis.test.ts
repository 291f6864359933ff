import { fileURLToPath } from 'node:url';
import { RedisSelfCheckError } from '@quarry/queue';
import { runProcess, type SpawnedRedis, spawnRedis, uniquePrefix } from '@quarry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboard } from './create-dashboard';
import { loadDashboardConfig } from './dashboard-config';
import { testRegistry } from './test-fixtures/dashboard-test-kit';
import { captureLogs } from './test-fixtures/log-capture';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Runs `pnpm dashboard` (src/main.ts) with only `env`; resolves when it exits. */
function runMain(env: Record<string, string>) {
  return runProcess({
    command: process.execPath,
    args: ['--import', 'tsx', MAIN],
    env: { PATH: process.env.PATH ?? '', ...env },
    timeoutMs: 25_000,
  });
}

describe('startup self-check against an evicting Redis (own instance, allkeys-lru)', () => {
  let server: SpawnedRedis;
  const env = () => ({
    DASHBOARD_USERS: 'alice:admin:pw',
    DASHBOARD_PORT: '0',
    REDIS_URL: server.url,
    QUARRY_PREFIX: uniquePrefix('dash-check'),
    LOG_FORMAT: 'json',
  });

  beforeAll(async () => {
    server = await spawnRedis({ args: ['--maxmemory-policy', 'allkeys-lru'] });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('pnpm dashboard refuses to start (exit code 1) with a message naming maxmemory-policy', async () => {
    const { code, stdout } = await runMain(env());
    expect(code).toBe(1);
    const lines = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => line.check === 'eviction_policy')).toMatchObject({
      level: 50,
      msg: expect.stringMatching(
        /maxmemory-policy is "allkeys-lru" but Quarry needs "noeviction".*or set REDIS_ALLOW_EVICTION=true to start anyway$/,
      ),
    });
    expect(lines.find((line) => line.msg === 'not started')).toMatchObject({
      level: 60,
      error: { name: 'RedisSelfCheckError' },
    });
    expect(lines.some((line) => line.msg === 'dashboard listening')).toBe(false);
  }, 30_000);

  it('does not listen when the check fails', async () => {
    const logs = captureLogs('info');
    const dashboard = createDashboard({
      config: loadDashboardConfig(env()),
      registry: testRegistry(),
      logger: logs.logger,
      pruneIntervalMs: 0,
    });
    try {
      await expect(dashboard.listen()).rejects.toBeInstanceOf(RedisSelfCheckError);
      expect(logs.lines().map((line) => line.msg)).not.toContain('dashboard listening');
    } finally {
      await dashboard.close();
    }
  });

  it('starts with REDIS_ALLOW_EVICTION=true, warning, and answers /healthz', async () => {
    const logs = captureLogs('info');
    const dashboard = createDashboard({
      config: loadDashboardConfig({ ...env(), REDIS_ALLOW_EVICTION: 'true' }),
      registry: testRegistry(),
      logger: logs.logger,
      pruneIntervalMs: 0,
    });
    try {
      const { url } = await dashboard.listen();
      expect(logs.lines().find((line) => line.check === 'eviction_policy')).toMatchObject({
        level: 40,
        msg: expect.stringContaining('starting anyway because eviction is explicitly allowed'),
      });
      expect(logs.lines().find((line) => line.check === 'version')).toMatchObject({
        level: 30,
        redisVersion: expect.stringMatching(/^\d+\.\d+/),
      });
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ alive: true });
    } finally {
      await dashboard.close();
    }
  });
});
