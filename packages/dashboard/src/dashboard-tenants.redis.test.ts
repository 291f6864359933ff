import { tenantPeriods } from '@quarry/core';
import { EXTRACTION_JOB_NAME, emptyTenantUsage, TenantStore, TenantUsageStore } from '@quarry/queue';
import { describe, expect } from 'vitest';
import { asViewer, dashboardTest } from './test-fixtures/dashboard-test-kit';

const it = dashboardTest();

const job = (tenant: string) => ({ workflow: 'invoice', version: 1, input: { text: 'x' }, tenant });

describe('the Tenants page', () => {
  it('row 215: tenants with hand-edited odd names in settings and seen entries, and corrupt usage fields -> the page lists each tenant (waiting, running, cost, budget use, waits) with the odd names escaped and corrupt figures as 0', async ({
    kit,
  }) => {
    const { keys, queue } = kit.dashboard.triage.queues;
    const store = new TenantStore({ redis: kit.redis, keys, queue });
    const usage = new TenantUsageStore({ redis: kit.redis, keys });
    const now = Date.now();
    const { day } = tenantPeriods(now);
    await store.set('acme', { weight: 2, maxConcurrency: 3, dailyUsd: 2 });
    await kit.redis.set(keys.tenants.spend('acme', day), '0.5');
    await kit.redis.hset(keys.tenants.settings(), '<img src=x onerror=alert(1)>', '{"weight":1}');
    await kit.redis.zadd(keys.tenants.seen(), now, 'globex', now - 1, '<script>alert(1)</script>');
    const counts = { ...emptyTenantUsage(), started: 4, completed: 3, costUsd: 0.25 };
    counts.waits[3] = 4;
    await usage.record({ nowMs: now, entries: [{ tenant: 'acme', counts }] });
    await kit.redis.hset(keys.tenants.usage('globex', day), { started: 'NaN', usd: '-7', 'w:100': 'x' });
    for (let i = 0; i < 3; i += 1) await queue.add(EXTRACTION_JOB_NAME, job('globex'));
    await queue.add(EXTRACTION_JOB_NAME, job('acme'), { delay: 3_600_000 });

    const response = await fetch(`${kit.url}/tenants`, { headers: { accept: 'text/html', ...asViewer } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('<a href="/tenants">Tenants</a>');
    const row = (tenant: string) =>
      text.slice(text.indexOf(`<code>${tenant}</code>`)).split('</tr>')[0] ?? '';
    const acme = row('acme');
    expect(acme).toContain('<td>2</td>\n  <td>3</td>\n  <td>1</td>');
    expect(acme).toContain('4 started, 3 completed');
    expect(acme).toContain('$0.2500');
    expect(acme).toContain('$0.5000 of $2.00 (25 %)');
    expect(acme).toContain('≤ 1 s');
    const globex = row('globex');
    expect(globex).toContain('<td>3</td>');
    expect(globex).toContain('0 started, 0 completed');
    expect(globex).toContain('$0.00');
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(text).not.toContain('<script>alert(1)');
    expect(text).not.toContain('<img src=x');
  });

  it('lists no tenant when none is known, and is refused to anonymous visitors', async ({ kit }) => {
    const anonymous = await fetch(`${kit.url}/tenants`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect([302, 303, 401]).toContain(anonymous.status);
    const empty = await fetch(`${kit.url}/tenants`, { headers: { accept: 'text/html', ...asViewer } });
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain('0 of 0 tenant(s)');
  });
});
