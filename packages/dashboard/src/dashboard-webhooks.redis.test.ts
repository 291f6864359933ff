import { quarryKeys, WebhookSubscriptionStore } from '@quarry/queue';
import { describe, expect } from 'vitest';
import { asViewer, dashboardTest } from './test-fixtures/dashboard-test-kit';

const it = dashboardTest();

describe('the Webhooks page', () => {
  it('lists each subscription without its secret and its latest deliveries (time, event, status, tries), escaped; viewers see it, anonymous visitors do not', async ({
    kit,
  }) => {
    const store = new WebhookSubscriptionStore({
      redis: kit.redis,
      keys: quarryKeys({ prefix: kit.prefix }),
    });
    const { subscription, secret } = await store.add({
      url: 'https://hooks.example.com/q?<b>x</b>',
      workflow: 'invoice',
      events: ['job.completed', 'job.dead_lettered'],
    });
    await store.recordDelivery(subscription.id, {
      at: new Date().toISOString(),
      eventId: 'evt_0123456789abcdef0123456789abcdef',
      event: 'job.completed',
      status: 'failed',
      httpStatus: 500,
      attempts: 3,
      detail: 'the receiver answered 500: <script>alert(1)</script>',
      final: true,
    });
    const response = await fetch(`${kit.url}/webhooks`, { headers: { accept: 'text/html', ...asViewer } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(subscription.id);
    expect(text).toContain('job.completed, job.dead_lettered');
    expect(text).toContain('failed (final)');
    expect(text).toContain('<td>500</td>');
    expect(text).toContain('<td>3</td>');
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).not.toContain('<script>alert(1)');
    expect(text).not.toContain('<b>x</b>');
    expect(text).not.toContain(secret);
    const anonymous = await fetch(`${kit.url}/webhooks`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect([302, 401, 303]).toContain(anonymous.status);
  });
});
