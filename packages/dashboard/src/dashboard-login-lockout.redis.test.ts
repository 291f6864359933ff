import { describe, expect } from 'vitest';
import { loginLimits } from './auth/login-throttle';
import { loadDashboardConfig } from './dashboard-config';
import {
  admin,
  asAdmin,
  asViewer,
  basic,
  type DashboardTestKit,
  dashboardTest,
  viewer,
} from './test-fixtures/dashboard-test-kit';

// Behind one reverse proxy, configured as an operator would: DASHBOARD_TRUST_PROXY=1.
const { trustProxy } = loadDashboardConfig({ DASHBOARD_AUTH: 'off', DASHBOARD_TRUST_PROXY: '1' });
const it = dashboardTest({ trustProxy });

/**
 * A login posted through the proxy: `forwardedFor` is the X-Forwarded-For header as it reaches the
 * dashboard, i.e. what the client wrote followed by the address the proxy saw.
 */
async function postLogin(
  kit: DashboardTestKit,
  options: { user: { readonly name: string; readonly password: string }; forwardedFor: string },
) {
  const { url } = kit;
  return fetch(`${url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': options.forwardedFor,
    },
    body: new URLSearchParams({ username: options.user.name, password: options.user.password }),
  });
}

describe('login lockout behind a trusted proxy', () => {
  it('locks out a client that rotates the X-Forwarded-For entries it writes itself', async ({ kit }) => {
    const client = '203.0.113.7';
    const { maxFailures } = loginLimits.client;
    for (let i = 0; i < maxFailures; i++) {
      const spoofed = `198.51.100.${i}, 10.9.${i}.1`;
      const response = await postLogin(kit, {
        user: { ...admin, password: `guess ${i}` },
        forwardedFor: `${spoofed}, ${client}`,
      });
      expect(response.status, `attempt ${i + 1}`).toBe(401);
    }
    const locked = await postLogin(kit, { user: admin, forwardedFor: `192.0.2.200, ${client}` });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await locked.text()).toContain('Too many failed logins; try again later.');
    // HTTP Basic from the same client is refused too, without checking the password.
    const { url } = kit;
    const api = await fetch(`${url}/queues/api/queues`, {
      headers: {
        ...asAdmin,
        'x-forwarded-for': `192.0.2.201, ${client}`,
      },
    });
    expect(api.status).toBe(429);
    // Another client is not affected.
    const other = await postLogin(kit, { user: admin, forwardedFor: '203.0.113.8' });
    expect(other.status).toBe(303);
  });

  it('counts Basic-auth failures toward the same client limit', async ({ kit }) => {
    const { url } = kit;
    const client = '203.0.113.9';
    for (let i = 0; i < loginLimits.client.maxFailures; i++) {
      const response = await fetch(`${url}/queues/api/queues`, {
        headers: {
          authorization: basic(viewer.name, `guess ${i}`),
          'x-forwarded-for': `10.0.0.${i}, ${client}`,
        },
      });
      expect(response.status).toBe(401);
    }
    const locked = await postLogin(kit, { user: viewer, forwardedFor: client });
    expect(locked.status).toBe(429);
  });
});

describe('per-account login limit', () => {
  it('refuses an account guessed at from many addresses, even with the right password, and no other account', async ({
    kit,
  }) => {
    const { maxFailures } = loginLimits.account;
    for (let i = 0; i < maxFailures; i++) {
      // Each address stays far below its own limit.
      const response = await postLogin(kit, {
        user: { ...viewer, password: `guess ${i}` },
        forwardedFor: `198.51.100.${i + 1}`,
      });
      expect(response.status, `attempt ${i + 1}`).toBe(401);
    }
    const fresh = await postLogin(kit, { user: viewer, forwardedFor: '192.0.2.77' });
    expect(fresh.status).toBe(429);
    expect(Number(fresh.headers.get('retry-after'))).toBeGreaterThan(0);
    const { url } = kit;
    const api = await fetch(`${url}/queues/api/queues`, {
      headers: { ...asViewer, 'x-forwarded-for': '192.0.2.78' },
    });
    expect(api.status).toBe(429);
    const otherAccount = await postLogin(kit, { user: admin, forwardedFor: '192.0.2.77' });
    expect(otherAccount.status).toBe(303);
  });
});

describe('session cookie behind a trusted proxy', () => {
  it('is Secure when the proxy says the client came over https, and not otherwise', async ({ kit }) => {
    const { url } = kit;
    const loginVia = (proto: string) =>
      fetch(`${url}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '203.0.113.50',
          'x-forwarded-proto': proto,
        },
        body: new URLSearchParams({ username: viewer.name, password: viewer.password }),
      });
    const https = await loginVia('https');
    expect(https.status).toBe(303);
    expect(https.headers.get('set-cookie')).toMatch(/; HttpOnly; Secure; SameSite=Strict$/);
    const http = await loginVia('http');
    expect(http.status).toBe(303);
    expect(http.headers.get('set-cookie')).toMatch(/; HttpOnly; SameSite=Strict$/);
  });
});
