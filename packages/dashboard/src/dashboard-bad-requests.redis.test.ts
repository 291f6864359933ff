import { describe, expect } from 'vitest';
import {
  admin,
  adminForm,
  asAdmin,
  asViewer,
  csrfTokenOf,
  dashboardTest,
  login,
  viewer,
} from './test-fixtures/dashboard-test-kit';

const it = dashboardTest();
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('oversized forms', () => {
  it('answer 413 naming the limit, for the login form and the replay form', async ({ kit }) => {
    const { url, dashboard, seed } = kit;
    await seed({ jobId: 'oversized' });
    const login = await fetch(`${url}/login`, {
      method: 'POST',
      headers: { ...form, accept: 'text/html' },
      body: new URLSearchParams({ username: admin.name, password: 'x'.repeat(20_000) }),
    });
    expect(login.status).toBe(413);
    expect(await login.text()).toContain('The form is too large: this page accepts at most 8 KiB.');

    const csrf = await csrfTokenOf(url, asAdmin);
    const replay = await fetch(`${url}/replay`, adminForm({ ids: 'x'.repeat(70_000), _csrf: csrf }));
    expect(replay.status).toBe(413);
    expect(await replay.json()).toEqual({
      error: 'payload_too_large',
      message: 'The form is too large: this page accepts at most 64 KiB.',
    });
    expect(await dashboard.triage.queues.queue.count()).toBe(0);
  });

  it('answer 415, not 500, for a form in a charset it cannot read', async ({ kit }) => {
    const { url } = kit;
    const response = await fetch(`${url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=klingon' },
      body: 'username=a&password=b',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: 'bad_request' });
  });
});

describe('addresses', () => {
  it('answer 400, not 500, for a path with a malformed %-escape', async ({ kit }) => {
    for (const path of ['/jobs/%E0%A4%A', '/dlq/%', '/batches/%zz', '/evals/%E0%A4%A']) {
      const response = await fetch(`${kit.url}${path}`, { headers: { ...asViewer, accept: 'text/html' } });
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).toContain('it holds a malformed %-escape');
    }
  });
});

describe('names next to the DLQ records', () => {
  it('answer 404 for BullMQ key names in place of a DLQ id (meta, id, events, …)', async ({ kit }) => {
    const { url, seed } = kit;
    await seed({ jobId: 'keys-next-door' }); // so the DLQ's meta, id and events keys exist
    for (const name of ['meta', 'id', 'events', 'wait', 'dlq-nope']) {
      const response = await fetch(`${url}/dlq/${name}`, { headers: { ...asViewer, accept: 'text/html' } });
      expect(response.status, name).toBe(404);
      expect(await response.text(), name).toContain(`No DLQ record &quot;${name}&quot;`);
    }
    const filtered = await fetch(`${url}/dlq?ids=meta`, { headers: asViewer });
    expect(filtered.status).toBe(400);
    expect(await filtered.text()).toContain('No DLQ record &quot;meta&quot;');
    const csrf = await csrfTokenOf(url, asAdmin);
    const replay = await fetch(`${url}/replay`, adminForm({ ids: 'events', _csrf: csrf }));
    expect(replay.status).toBe(404);
  });
});

describe('caching', () => {
  it('forbids storing pages and API answers that show document text or model output', async ({ kit }) => {
    const { url, seed } = kit;
    const record = await seed({ jobId: 'cached', text: 'Confidential invoice text' });
    const cookie = await login(url, viewer.name, viewer.password);
    const paths = [
      '/dlq',
      `/dlq/${record.dlqId}`,
      '/fingerprints',
      '/queues',
      '/queues/api/queues?activeQueue=extraction-dlq&status=latest&page=1',
      `/queues/api/queues/extraction-dlq/${record.dlqId}/logs`,
    ];
    for (const path of paths) {
      const response = await fetch(`${url}${path}`, { headers: { cookie, accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});
