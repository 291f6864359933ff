import { quarryKeys } from '@quarry/queue';
import { describe, expect } from 'vitest';
import {
  admin,
  asAdmin,
  asViewer,
  basic,
  csrfTokenOf,
  type DashboardTestKit,
  dashboardTest,
  login,
  sessionIdOf,
  viewer,
} from './test-fixtures/dashboard-test-kit';

const it = dashboardTest();
const shortSessionsIt = dashboardTest({ sessionTtlMs: 2_000 });

type Who =
  | 'none'
  | 'wrong password'
  | 'forged session'
  | 'viewer'
  | 'viewer session'
  | 'admin'
  | 'admin session';

async function headersFor(kit: DashboardTestKit, who: Who): Promise<Record<string, string>> {
  const { url } = kit;
  switch (who) {
    case 'none':
      return {};
    case 'wrong password':
      return { authorization: basic(admin.name, 'not the password') };
    case 'forged session':
      return {
        cookie: `quarry_session=${Buffer.from('{"n":"alice","e":9999999999999}').toString('base64url')}.AAAA`,
      };
    case 'viewer':
      return asViewer;
    case 'viewer session':
      return { cookie: await login(url, viewer.name, viewer.password) };
    case 'admin':
      return asAdmin;
    case 'admin session':
      return { cookie: await login(url, admin.name, admin.password) };
  }
}

/** Read routes: the triage pages, bull-board's page and its JSON API. */
async function readRoutes(dlqId: string) {
  return [
    { path: '/dlq', accept: 'text/html' },
    { path: `/dlq/${dlqId}`, accept: 'text/html' },
    { path: '/fingerprints', accept: 'text/html' },
    { path: '/queues', accept: 'text/html' },
    {
      path: '/queues/api/queues?activeQueue=extraction-dlq&status=latest&page=1',
      accept: 'application/json',
    },
    { path: `/queues/api/queues/extraction-dlq/${dlqId}/logs`, accept: 'application/json' },
  ];
}

/** Seeds a record of its own for `who`, and reads every read route about it with `who`'s headers, in order. */
async function readAs(kit: DashboardTestKit, who: Who, jobPrefix: string) {
  const record = await kit.seed({ jobId: `${jobPrefix}-${who.replace(' ', '-')}` });
  const headers = await headersFor(kit, who);
  const reads: { route: { path: string; accept: string }; response: Response }[] = [];
  for (const route of await readRoutes(record.dlqId)) {
    const response = await fetch(`${kit.url}${route.path}`, {
      headers: { accept: route.accept, ...headers },
    });
    reads.push({ route, response });
  }
  return { record, headers, reads };
}

describe('dashboard auth matrix', () => {
  for (const who of ['none', 'wrong password', 'forged session'] as const) {
    it(`answers 401 to every read and mutate route with ${who}`, async ({ kit }) => {
      const { url, dashboard } = kit;
      const { record, headers, reads } = await readAs(kit, who, 'anon');
      for (const { route, response } of reads) {
        expect(response.status, route.path).toBe(401);
        if (route.accept === 'application/json')
          expect(await response.json()).toMatchObject({ error: 'unauthorized' });
      }
      const pause = await fetch(`${url}/queues/api/queues/extraction/pause`, { method: 'PUT', headers });
      expect(pause.status).toBe(401);
      const replay = await fetch(`${url}/replay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ ids: record.dlqId, _csrf: 'x' }),
      });
      expect(replay.status).toBe(401);
      expect(await dashboard.triage.queues.queue.isPaused()).toBe(false);
      expect(await dashboard.triage.queues.queue.count()).toBe(0);
    });
  }

  for (const who of ['none', 'wrong password', 'forged session'] as const) {
    it(`leaves only /healthz, /readyz, the stylesheet, the script and the login page open to ${who}`, async ({
      kit,
    }) => {
      const { url } = kit;
      const headers = await headersFor(kit, who);
      const health = await fetch(`${url}/healthz`, { headers });
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ alive: true });
      const ready = await fetch(`${url}/readyz`, { headers });
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ ready: true, reasons: [] });
      expect((await fetch(`${url}/assets/quarry.css`, { headers })).status).toBe(200);
      expect((await fetch(`${url}/assets/document-view.js`, { headers })).status).toBe(200);
      const loginPage = await fetch(`${url}/login`, { headers });
      expect(loginPage.status).toBe(200);
      expect(loginPage.headers.get('set-cookie')).toBeNull();
    });
  }

  it('answers 401 to paths next to the open ones (without credentials)', async ({ kit }) => {
    const { url } = kit;
    for (const path of [
      '/healthz/more',
      '/readyz/more',
      '/assets/other.css',
      '/login/more',
      '/',
      '/nowhere',
    ]) {
      const response = await fetch(`${url}${path}`, { headers: { accept: 'application/json' } });
      expect(response.status, path).toBe(401);
    }
    expect((await fetch(`${url}/healthz`, { method: 'POST' })).status).toBe(401);
  });

  it('challenges non-browser clients with Basic and shows browsers the login form', async ({ kit }) => {
    const { url } = kit;
    const api = await fetch(`${url}/queues/api/queues`, { headers: { accept: 'application/json' } });
    // Node's fetch marks itself as a browser-style CORS request, so no Basic challenge (and no browser dialog).
    expect(api.headers.get('www-authenticate')).toBeNull();
    const { request } = await import('node:http');
    const challenge = await new Promise<string | undefined>((resolve, reject) => {
      request(`${url}/queues/api/queues`, { headers: { accept: '*/*' } }, (res) => {
        res.resume();
        resolve(res.headers['www-authenticate']);
      })
        .on('error', reject)
        .end();
    });
    expect(challenge).toBe('Basic realm="Quarry dashboard", charset="UTF-8"');
    const page = await fetch(`${url}/dlq`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(401);
    expect(await page.text()).toContain('<form method="post" action="/login"');
  });

  for (const who of ['viewer', 'viewer session'] as const) {
    it(`lets a ${who} read everything and change nothing`, async ({ kit }) => {
      const { url, dashboard } = kit;
      const { record, headers, reads } = await readAs(kit, who, 'read');
      for (const { route, response } of reads) {
        expect(response.status, route.path).toBe(200);
        // No session is started for Basic auth, and a session is not re-sent (or extended) by use.
        expect(response.headers.get('set-cookie'), route.path).toBeNull();
      }
      const queues = (await (await fetch(`${url}/queues/api/queues`, { headers })).json()) as {
        queues: { readOnlyMode: boolean }[];
      };
      expect(queues.queues.every((queue) => queue.readOnlyMode)).toBe(true);
      const pause = await fetch(`${url}/queues/api/queues/extraction/pause`, { method: 'PUT', headers });
      expect(pause.status).toBe(403);
      const clean = await fetch(`${url}/queues/api/queues/extraction-dlq/${record.dlqId}/clean`, {
        method: 'PUT',
        headers,
      });
      expect(clean.status).toBe(403);
      const replay = await fetch(`${url}/replay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ ids: record.dlqId }),
      });
      expect(replay.status).toBe(403);
      expect(await dashboard.triage.queues.queue.isPaused()).toBe(false);
      expect(await dashboard.triage.queues.queue.count()).toBe(0);
      expect(await dashboard.triage.queues.dlq.getJob(record.dlqId)).toBeDefined();
    });
  }

  for (const who of ['admin', 'admin session'] as const) {
    it(`lets an ${who} read, replay and change the queues`, async ({ kit }) => {
      const { url, dashboard } = kit;
      const { record, headers, reads } = await readAs(kit, who, 'adm');
      for (const { route, response } of reads) {
        expect(response.status, route.path).toBe(200);
      }
      const csrf = await csrfTokenOf(url, headers);
      const replay = await fetch(`${url}/replay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url, ...headers },
        body: new URLSearchParams({ ids: record.dlqId, _csrf: csrf }),
      });
      expect(replay.status).toBe(200);
      expect(await replay.text()).toContain(`replay-${record.dlqId}-1`);
      expect(await dashboard.triage.queues.queue.getJob(`replay-${record.dlqId}-1`)).toBeDefined();
      const pause = await fetch(`${url}/queues/api/queues/extraction/pause`, {
        method: 'PUT',
        headers: { origin: url, ...headers },
      });
      expect(pause.status).toBe(200);
      expect(await dashboard.triage.queues.queue.isPaused()).toBe(true);
      const resume = await fetch(`${url}/queues/api/queues/extraction/resume`, { method: 'PUT', headers });
      expect(resume.status).toBe(200);
      expect(await dashboard.triage.queues.queue.isPaused()).toBe(false);
    });
  }
});

describe('CSRF protection', () => {
  it('refuses an admin replay without the form token, with a wrong one, or from another origin', async ({
    kit,
  }) => {
    const { url, seed, dashboard } = kit;
    const record = await seed({ jobId: 'csrf' });
    const cookie = await login(url, admin.name, admin.password);
    const csrf = await csrfTokenOf(url, { cookie });
    const post = (headers: Record<string, string>, token?: string) =>
      fetch(`${url}/replay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
        body: new URLSearchParams({ ids: record.dlqId, ...(token === undefined ? {} : { _csrf: token }) }),
      });
    expect((await post({ origin: url })).status).toBe(403);
    expect((await post({ origin: url }, `${csrf}x`)).status).toBe(403);
    expect((await post({ origin: 'https://evil.example' }, csrf)).status).toBe(403);
    expect((await post({ 'sec-fetch-site': 'cross-site' }, csrf)).status).toBe(403);
    expect(await dashboard.triage.queues.queue.count()).toBe(0);
    expect((await post({ origin: url, 'sec-fetch-site': 'same-origin' }, csrf)).status).toBe(200);
  });

  it('refuses cross-site bull-board mutations even with valid credentials', async ({ kit }) => {
    const { url, dashboard } = kit;
    const cookie = await login(url, admin.name, admin.password);
    const pause = await fetch(`${url}/queues/api/queues/extraction/pause`, {
      method: 'PUT',
      headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(pause.status).toBe(403);
    expect(await dashboard.triage.queues.queue.isPaused()).toBe(false);
  });

  it('refuses a login posted from another site', async ({ kit }) => {
    const { url } = kit;
    const response = await fetch(`${url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: new URLSearchParams({ username: admin.name, password: admin.password }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});

describe('login and sessions', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie and sends the user on', async ({ kit }) => {
    const { url } = kit;
    const response = await fetch(`${url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: admin.name, password: admin.password, next: '/fingerprints' }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/fingerprints');
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^quarry_session=s%3A[^;]+; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
    // Plain http here: no Secure flag, or the browser would drop the cookie.
    const lifetime = Date.parse(/Expires=([^;]+)/.exec(cookie)?.[1] ?? '') - Date.now();
    expect(lifetime).toBeGreaterThan(3_500_000);
    expect(lifetime).toBeLessThanOrEqual(3_600_000);
  });

  it('starts a new session at each login and ends the one the browser came with', async ({ kit }) => {
    const { url } = kit;
    const first = await login(url, admin.name, admin.password);
    const again = await fetch(`${url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: first },
      body: new URLSearchParams({ username: viewer.name, password: viewer.password }),
    });
    expect(again.status).toBe(303);
    const second = (again.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect(sessionIdOf(second)).not.toBe(sessionIdOf(first));
    const page = (cookie: string) => fetch(`${url}/dlq`, { headers: { cookie, accept: 'text/html' } });
    expect((await page(first)).status).toBe(401);
    const now = await page(second);
    expect(now.status).toBe(200);
    expect(await now.text()).toContain(`${viewer.name} (viewer)`);
  });

  it('refuses a session cookie whose signature does not match', async ({ kit }) => {
    const { url } = kit;
    const cookie = await login(url, viewer.name, viewer.password);
    const forged = `quarry_session=${encodeURIComponent(`s:${sessionIdOf(cookie)}.${'A'.repeat(43)}`)}`;
    const response = await fetch(`${url}/dlq`, { headers: { cookie: forged, accept: 'application/json' } });
    expect(response.status).toBe(401);
  });

  it('never redirects to another host after login', async ({ kit }) => {
    const { url } = kit;
    for (const next of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const response = await fetch(`${url}/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: viewer.name, password: viewer.password, next }),
      });
      expect(response.headers.get('location')).toBe('/');
    }
  });

  it('answers a wrong password with 401 and the form again', async ({ kit }) => {
    const { url } = kit;
    const response = await fetch(`${url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: admin.name, password: 'nope' }),
    });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain('Unknown user or wrong password.');
  });

  it('ends the session on logout: the old cookie is refused afterwards', async ({ kit }) => {
    const { url } = kit;
    const cookie = await login(url, viewer.name, viewer.password);
    const page = () => fetch(`${url}/dlq`, { redirect: 'manual', headers: { cookie, accept: 'text/html' } });
    const api = () => fetch(`${url}/queues/api/queues`, { headers: { cookie, accept: 'application/json' } });
    expect((await page()).status).toBe(200);
    const csrf = await csrfTokenOf(url, { cookie });
    const out = await fetch(`${url}/logout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: csrf }),
    });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/login');
    expect(out.headers.get('set-cookie')).toMatch(/^quarry_session=; .*Expires=Thu, 01 Jan 1970/);
    // Someone who kept the cookie (a copied header, another tab, a stolen value) gets the login form.
    const reused = await page();
    expect(reused.status).toBe(401);
    expect(await reused.text()).toContain('<form method="post" action="/login"');
    expect((await api()).status).toBe(401);
  });

  it('keeps other sessions of the same user when one logs out', async ({ kit }) => {
    const { url } = kit;
    const first = await login(url, admin.name, admin.password);
    const second = await login(url, admin.name, admin.password);
    await fetch(`${url}/logout`, { method: 'POST', redirect: 'manual', headers: { cookie: first } });
    const stillIn = await fetch(`${url}/dlq`, { headers: { cookie: second, accept: 'text/html' } });
    expect(stillIn.status).toBe(200);
  });

  it('keeps sessions in Redis, under a hash of the session id, for the session lifetime', async ({ kit }) => {
    const { url, redis, prefix } = kit;
    const cookie = await login(url, viewer.name, viewer.password);
    const id = sessionIdOf(cookie);
    const key = quarryKeys({ prefix }).dashboardSession(id);
    expect(key).not.toContain(id);
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(3_500_000);
    expect(ttl).toBeLessThanOrEqual(3_600_000);
  });
});

describe('session lifetime', () => {
  shortSessionsIt('ends a session at its lifetime however often it is used', async ({ kit }) => {
    const { url } = kit;
    const cookie = await login(url, viewer.name, viewer.password);
    const started = Date.now();
    // Every poll uses the session; a sliding lifetime would never let it end.
    await expect
      .poll(async () => (await fetch(`${url}/dlq`, { headers: { cookie } })).status, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
  });
});

describe('security headers', () => {
  it('sets CSP, frame, sniffing and referrer headers on pages, the API and errors', async ({ kit }) => {
    const { url } = kit;
    const headers = asViewer;
    for (const path of ['/login', '/dlq', '/queues/api/queues', '/nowhere']) {
      const response = await fetch(`${url}${path}`, { headers });
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get('content-security-policy'), path).toContain("script-src 'self'");
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('same-origin');
      expect(response.headers.get('x-powered-by'), path).toBeNull();
    }
  });
});
