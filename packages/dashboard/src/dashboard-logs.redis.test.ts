import { type SpawnedRedis, spawnRedis, uniquePrefix } from '@quarry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboard, type Dashboard } from './create-dashboard';
import { loadDashboardConfig } from './dashboard-config';
import { basic, sessionIdOf, testRegistry } from './test-fixtures/dashboard-test-kit';
import { captureLogs } from './test-fixtures/log-capture';

const REDIS_PASSWORD = 'redis-pw-7Qx2';
const SESSION_SECRET = 'session-secret-4e1b7c0d9a2f4e1b7c0d9a2f';
const ADMIN = { name: 'alice', password: 'alice-pw-K9s3' };
const WRONG_PASSWORD = 'wrong-pw-Z8m1';

describe('dashboard logs', () => {
  let server: SpawnedRedis;
  let dashboard: Dashboard;
  let url: string;
  const logs = captureLogs('trace');

  beforeAll(async () => {
    server = await spawnRedis({ args: ['--requirepass', REDIS_PASSWORD] });
    const config = loadDashboardConfig({
      DASHBOARD_USERS: `${ADMIN.name}:admin:${ADMIN.password}`,
      DASHBOARD_PORT: '0',
      DASHBOARD_SESSION_SECRET: SESSION_SECRET,
      REDIS_URL: `redis://:${REDIS_PASSWORD}@127.0.0.1:${server.port}`,
      QUARRY_PREFIX: uniquePrefix('dash-logs'),
    });
    // The dashboard opens its own connection from REDIS_URL, password included.
    dashboard = createDashboard({
      config,
      registry: testRegistry(),
      logger: logs.logger,
      pruneIntervalMs: 0,
    });
    url = (await dashboard.listen()).url;
  });
  afterAll(async () => {
    await dashboard?.close();
    await server?.stop();
  });

  it('never contain passwords, the session cookie, the session secret or the Redis password', async () => {
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      redirect: 'manual' as const,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
      body: new URLSearchParams(fields),
    });
    const login = await fetch(`${url}/login`, form({ username: ADMIN.name, password: ADMIN.password }));
    expect(login.status).toBe(303);
    const session = /^quarry_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
    expect(session).toBeDefined();
    const cookie = `quarry_session=${session}`;
    expect((await fetch(`${url}/dlq`, { headers: { cookie } })).status).toBe(200);
    const pause = await fetch(`${url}/queues/api/queues/extraction/pause`, {
      method: 'PUT',
      headers: { cookie, origin: url },
    });
    expect(pause.status).toBe(200);
    const failed = await fetch(`${url}/login`, form({ username: ADMIN.name, password: WRONG_PASSWORD }));
    expect(failed.status).toBe(401);
    // The password typed into the user field by mistake.
    const misplaced = await fetch(`${url}/login`, form({ username: ADMIN.password, password: 'x' }));
    expect(misplaced.status).toBe(401);
    const badBasic = basic(ADMIN.name, WRONG_PASSWORD);
    expect((await fetch(`${url}/dlq`, { headers: { authorization: badBasic } })).status).toBe(401);
    expect((await fetch(`${url}/nowhere`, { headers: { cookie } })).status).toBe(404);

    const text = logs.text();
    for (const secret of [
      ADMIN.password,
      WRONG_PASSWORD,
      session as string,
      sessionIdOf(cookie),
      SESSION_SECRET,
      REDIS_PASSWORD,
      badBasic.slice('Basic '.length),
    ]) {
      expect(text).not.toContain(secret);
    }
    const lines = logs.lines();
    expect(lines.every((line) => line.service === 'quarry-dashboard')).toBe(true);
    expect(lines.find((line) => line.msg === 'dashboard listening')).toMatchObject({
      redisUrl: `redis://:***@127.0.0.1:${server.port}`,
    });
    expect(lines.find((line) => line.msg === 'logged in')).toMatchObject({ user: ADMIN.name, role: 'admin' });
    expect(lines.find((line) => line.msg === 'queue change')).toMatchObject({
      user: ADMIN.name,
      method: 'PUT',
      path: '/api/queues/extraction/pause',
    });
    expect(
      lines
        .filter((line) => line.msg === 'login failed')
        .map(({ user, unknownUser }) => ({ user, unknownUser })),
    ).toEqual([
      { user: ADMIN.name, unknownUser: undefined },
      { user: undefined, unknownUser: true },
    ]);
  });
});
