import { it, uniquePrefix } from '@quarry/testing';
import { Redis } from 'ioredis';
import { afterEach, describe, expect } from 'vitest';
import { createDashboard, type Dashboard } from './create-dashboard';
import { admin, basic, login, testConfig, testRegistry } from './test-fixtures/dashboard-test-kit';
import { captureLogs, type LogCapture } from './test-fixtures/log-capture';

// Each test runs its own redis-server (never the shared one), stops it and starts it again.
const asAdmin = { authorization: basic(admin.name, admin.password) };
let dashboard: Dashboard | undefined;

afterEach(async () => {
  await dashboard?.close();
  dashboard = undefined;
});

/** A dashboard on its own connection to `redisUrl`, as `pnpm dashboard` makes it. */
async function start(redisUrl: string): Promise<{ url: string; logs: LogCapture }> {
  const logs = captureLogs('info');
  dashboard = createDashboard({
    config: await testConfig(uniquePrefix('dash-down'), { redisUrl }),
    registry: testRegistry(),
    logger: logs.logger,
    pruneIntervalMs: 0,
  });
  const { url } = await dashboard.listen();
  return { url, logs };
}

/** A request with a deadline well past the 2 s the dashboard promises; resolves with status, body and time taken. */
async function timed(url: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  const body = await response.text();
  return { status: response.status, body, ms: performance.now() - started, headers: response.headers };
}

const readyz = async (url: string) => (await fetch(`${url}/readyz`)).status;

describe('dashboard with Redis down', () => {
  it('starts with Redis unreachable, logs it, answers 503 at once and recovers when Redis is back', async ({
    ownRedis,
  }) => {
    const server = await ownRedis();
    await server.kill('SIGTERM');
    const { url, logs } = await start(server.url);
    expect(logs.lines()).toContainEqual(
      expect.objectContaining({
        level: 50,
        msg: 'Redis is unreachable; the dashboard starts anyway and answers 503 until Redis is back',
        redisUrl: server.url,
      }),
    );
    const health = await timed(`${url}/healthz`);
    expect(health.status).toBe(200);
    const ready = await timed(`${url}/readyz`);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({
      ready: false,
      reasons: [expect.stringMatching(/^redis /)],
    });

    const page = await timed(`${url}/dlq`, { headers: { ...asAdmin, accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(page.ms).toBeLessThan(2_000);
    expect(page.body).toContain('Redis is unavailable');
    expect(page.body).toContain('The dashboard cannot reach Redis');
    expect(page.headers.get('retry-after')).toBe('5');
    const api = await timed(`${url}/queues/api/queues`, { headers: asAdmin });
    expect(api.status).toBe(503);
    expect(JSON.parse(api.body)).toMatchObject({ error: 'redis_unavailable' });
    const loginForm = await timed(`${url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: admin.name, password: admin.password }),
    });
    expect(loginForm.status).toBe(503);

    await server.restart();
    await expect.poll(() => readyz(url), { timeout: 15_000, interval: 100 }).toBe(200);
    const back = await timed(`${url}/dlq`, { headers: { ...asAdmin, accept: 'text/html' } });
    expect(back.status).toBe(200);
    // The self-check that was skipped at start-up ran once Redis was reachable.
    expect(logs.lines()).toContainEqual(
      expect.objectContaining({ msg: expect.stringMatching(/^Redis self-check: Redis \d/) }),
    );
  }, 60_000);

  it('answers 503 within 2 s when Redis stops while it runs, with a session cookie too', async ({
    ownRedis,
  }) => {
    // Persisted as a production Redis is, so the session outlives the restart.
    const server = await ownRedis({ appendOnly: true });
    const { url, logs } = await start(server.url);
    const cookie = await login(url, admin.name, admin.password);
    expect((await timed(`${url}/dlq`, { headers: { cookie, accept: 'text/html' } })).status).toBe(200);

    await server.kill('SIGKILL');
    for (const path of [
      '/dlq',
      '/fingerprints',
      '/batches',
      '/review',
      '/jobs/some-job',
      '/queues/api/queues',
    ]) {
      const response = await timed(`${url}${path}`, { headers: { cookie, accept: 'text/html' } });
      expect(response.status, path).toBe(503);
      expect(response.ms, path).toBeLessThan(2_000);
    }
    expect(await readyz(url)).toBe(503);
    expect((await timed(`${url}/healthz`)).status).toBe(200);
    await expect
      .poll(() => logs.lines().map((line) => line.msg), { timeout: 5_000 })
      .toContain('Redis connection lost; the dashboard answers 503 until it is back');

    await server.restart();
    await expect.poll(() => readyz(url), { timeout: 15_000, interval: 100 }).toBe(200);
    expect((await timed(`${url}/dlq`, { headers: { cookie, accept: 'text/html' } })).status).toBe(200);
  }, 60_000);

  it('answers 503 when Redis accepts connections but does not answer', async ({ ownRedis }) => {
    const server = await ownRedis();
    const { url } = await start(server.url);
    const cookie = await login(url, admin.name, admin.password);
    const pauser = new Redis(server.url);
    try {
      // Every client's commands wait for 6 s, as with a Redis stuck in a long command or a frozen host.
      await pauser.call('CLIENT', 'PAUSE', '6000', 'ALL');
      // The login limits cannot be read: the login is refused, not let through uncounted.
      const refused = await timed(`${url}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: admin.name, password: admin.password }),
      });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('set-cookie')).toBeNull();
      const page = await timed(`${url}/dlq`, { headers: { cookie, accept: 'text/html' } });
      expect(page.status).toBe(503);
      expect(page.body).toContain('Redis is unavailable');
      // The promise is 2 s (a 1 s command deadline, then a 0.5 s PING); the margin is for a busy machine.
      expect(page.ms).toBeLessThan(4_000);
      const ready = await timed(`${url}/readyz`);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toMatchObject({ reasons: ['redis not answering'] });
      await expect.poll(() => readyz(url), { timeout: 20_000, interval: 200 }).toBe(200);
    } finally {
      pauser.disconnect();
    }
  }, 60_000);
});
