import { it, uniquePrefix } from '@quarry/testing';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect } from 'vitest';
import { createDashboard, type Dashboard } from './create-dashboard';
import { testConfig, testRegistry } from './test-fixtures/dashboard-test-kit';
import { captureLogs } from './test-fixtures/log-capture';

describe('dashboard with authentication off', () => {
  let redis: Redis;
  let dashboard: Dashboard;
  let port: number;
  const logs = captureLogs('info');

  it.beforeAll(async ({ redis: connection, filePrefix: prefix }) => {
    redis = connection;
    dashboard = createDashboard({
      config: await testConfig(prefix, { authDisabled: true, users: [] }),
      connection: redis,
      registry: testRegistry(),
      logger: logs.logger,
      pruneIntervalMs: 0,
    });
    port = (await dashboard.listen()).port;
  });
  afterAll(async () => {
    await dashboard.close();
  });

  it('warns that anyone on the machine can change the queues', () => {
    const warning = 'authentication is OFF: anyone on this machine can change the queues';
    expect(logs.lines().find((entry) => entry.msg === warning)).toMatchObject({
      level: 40,
      service: 'quarry-dashboard',
    });
  });

  it('serves requests addressed to the loopback host as the local admin', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/dlq`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('local (admin)');
  });

  it('refuses requests addressed to any other host name (DNS rebinding)', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/dlq', headers: { host: `evil.example:${port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(status).toBe(421);
  });

  it('cannot be created on another address', async () => {
    const config = await testConfig(uniquePrefix('dash-open'), {
      authDisabled: true,
      users: [],
      host: '0.0.0.0',
    });
    expect(() => createDashboard({ config, connection: redis })).toThrow(
      '- DASHBOARD_AUTH: expected on, or off only with DASHBOARD_HOST=127.0.0.1 (it is "0.0.0.0"), got "off"',
    );
  });
});
