import Anthropic from '@anthropic-ai/sdk';
import { BatchLaneStore, quarryKeys } from '@quarry/queue';
import { type Standin, startStandin } from '@quarry/standin';
import { it } from '@quarry/testing';
import { afterAll, describe, expect } from 'vitest';
import { createDashboard, type Dashboard } from './create-dashboard';
import type { DashboardConfig } from './dashboard-config';
import { createDashboardLogger } from './dashboard-logger';
import { admin, basic, testConfig, testRegistry, viewer } from './test-fixtures/dashboard-test-kit';

const asViewer = { authorization: basic(viewer.name, viewer.password) };
const asAdmin = { authorization: basic(admin.name, admin.password) };
const page = async (url: string, headers: Record<string, string>) => {
  const response = await fetch(url, { headers: { accept: 'text/html', ...headers } });
  return { status: response.status, text: await response.text() };
};
/** The CSRF token of the cancel form on a batch's page (admins see it). */
async function csrfOfBatch(url: string, batchId: string): Promise<string> {
  const match = /name="_csrf" value="([^"]+)"/.exec((await page(`${url}/batches/${batchId}`, asAdmin)).text);
  if (!match) throw new Error('no CSRF token on the page');
  return match[1] as string;
}
const cancelForm = (csrf: string | undefined, headers: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
  body: new URLSearchParams(csrf === undefined ? {} : { _csrf: csrf }),
});

describe('the Batches pages', { timeout: 30_000 }, () => {
  let standin: Standin;
  let sdk: Anthropic;
  let base: DashboardConfig;
  const dashboards: Dashboard[] = [];

  /** A dashboard on `prefix`, cancelling through the stand-in unless `anthropic` is off. */
  async function start(
    prefix: string,
    redis: Parameters<typeof createDashboard>[0]['connection'],
    anthropic = true,
  ) {
    const dashboard = createDashboard({
      // One configuration (users, session key) for every dashboard: a form's CSRF token is good on each.
      config: {
        ...base,
        queue: { prefix },
        anthropic: anthropic
          ? { apiKey: 'test-key', baseURL: standin.url, maxRetries: 0, timeoutMs: 5000 }
          : null,
      },
      ...(redis ? { connection: redis } : {}),
      registry: testRegistry(),
      logger: createDashboardLogger({ level: 'silent' }),
      pruneIntervalMs: 0,
    });
    dashboards.push(dashboard);
    return (await dashboard.listen()).url;
  }

  /** A batch the stand-in holds for a minute, known to the queue on `prefix` with one request of job `job-1`. */
  async function seedBatch(redis: Parameters<typeof createDashboard>[0]['connection'], prefix: string) {
    if (!redis) throw new Error('no redis');
    const batch = await sdk.messages.batches.create({
      requests: [
        {
          custom_id: 'c1',
          params: { model: 'claude-test', max_tokens: 16, messages: [{ role: 'user', content: 'x' }] },
        },
      ],
    });
    const store = new BatchLaneStore({ redis, keys: quarryKeys({ prefix }), resultTtlSeconds: 60 });
    await store.park({
      ref: 'job-1@1#1',
      jobId: 'job-1',
      model: 'claude-test',
      nowMs: Date.now(),
      deadlineMs: null,
    });
    await store.takeIntent({
      intentId: 'i1',
      model: 'claude-test',
      nowMs: Date.now(),
      entries: [{ ref: 'job-1@1#1', customId: 'c1' }],
    });
    await store.saveBatchId({ intentId: 'i1', batchId: batch.id, nowMs: Date.now() });
    return batch.id;
  }

  it.beforeAll(async () => {
    standin = await startStandin({ script: [], batches: { delayMs: 60_000 } });
    sdk = new Anthropic({ apiKey: 'test', baseURL: standin.url, maxRetries: 0 });
    base = await testConfig('{unused}');
  });
  afterAll(async () => {
    await Promise.all(dashboards.map((dashboard) => dashboard.close()));
    await standin?.close();
  });

  it('list and detail show the batch, its requests and the collectors, escaped; admins cancel it', async ({
    redis,
    prefix,
  }) => {
    const url = await start(prefix, redis);
    const batchId = await seedBatch(redis, prefix);
    const keys = quarryKeys({ prefix }).batch;
    await redis.hset(keys.record('msgbatch_x'), {
      batchId: 'msgbatch_x',
      model: '<script>alert(1)</script>',
      submittedAt: String(Date.now() - 1000),
      requests: '1',
      status: 'ended',
    });
    await redis.zadd(keys.recent(), Date.now() - 1000, 'msgbatch_x');
    await redis.zadd(keys.waiting('claude-test'), Date.now() - 120_000, 'job-2@1#1');

    const list = await page(`${url}/batches`, asViewer);
    expect(list.status).toBe(200);
    expect(list.text).toContain('<a href="/batches">Batches</a>');
    expect(list.text).toContain(`<a href="/batches/${batchId}"><code>${batchId}</code></a>`);
    expect(list.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(list.text).not.toContain('<script>alert');
    expect(list.text).toMatch(
      /<td>claude-test<\/td>\s*<td>1<\/td>\s*<td><span title="[^"]+">2m<\/span><\/td>/,
    );

    const viewed = await page(`${url}/batches/${batchId}`, asViewer);
    expect(viewed.status).toBe(200);
    expect(viewed.text).toContain(
      '<td><code>c1</code></td>\n  <td><code>job-1</code></td>\n  <td>1</td>\n  <td>pending</td>',
    );
    expect(viewed.text).not.toContain('Cancel batch');

    const forbidden = await fetch(`${url}/batches/${batchId}/cancel`, cancelForm('any', asViewer));
    expect(forbidden.status).toBe(403);
    expect((await page(`${url}/batches/${batchId}`, asAdmin)).text).toContain('Cancel batch');
    const noToken = await fetch(`${url}/batches/${batchId}/cancel`, cancelForm(undefined, asAdmin));
    expect(noToken.status).toBe(403);
    expect((await sdk.messages.batches.retrieve(batchId)).processing_status).toBe('in_progress');

    const csrf = await csrfOfBatch(url, batchId);
    const canceled = await fetch(`${url}/batches/${batchId}/cancel`, cancelForm(csrf, asAdmin));
    expect(canceled.status).toBe(200);
    const text = await canceled.text();
    expect(text).toContain(`Cancel asked: unprocessed requests of batch ${batchId} will be collected again`);
    expect(text).toContain('<span class="reason">canceling</span>');
    expect(standin.stats.batches.canceled).toBe(1);

    const again = await fetch(`${url}/batches/${batchId}/cancel`, cancelForm(csrf, asAdmin));
    expect(again.status).toBe(409);
    expect(standin.stats.batches.canceled).toBe(1);
  });

  it('answers 404 for an unknown or malformed batch id, and 409 without an API key', async ({
    redis,
    prefix,
  }) => {
    const url = await start(prefix, redis, false);
    const withKey = await start(prefix, redis);
    expect((await page(`${url}/batches/msgbatch_nope`, asViewer)).status).toBe(404);
    const malformed = await page(`${url}/batches/${encodeURIComponent('<b>x</b>')}`, asViewer);
    expect(malformed.status).toBe(404);
    expect(malformed.text).toContain('No batch &lt;b&gt;x&lt;/b&gt; is known');
    const batchId = await seedBatch(redis, prefix);
    expect((await page(`${url}/batches/${batchId}`, asAdmin)).text).toContain(
      'Cancelling needs ANTHROPIC_API_KEY',
    );
    const refused = await fetch(
      `${url}/batches/${batchId}/cancel`,
      cancelForm(await csrfOfBatch(withKey, batchId), asAdmin),
    );
    expect(refused.status).toBe(409);
    expect((await sdk.messages.batches.retrieve(batchId)).processing_status).toBe('in_progress');
  });
});
