import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { openQueues } from '@quarry/queue';
import { it } from '@quarry/testing';
import { afterEach, describe, expect } from 'vitest';
import { type ApiStack, startApiStack } from './test-fixtures/api-stack';

const pdf = readFileSync(new URL('../../../examples/invoice.pdf', import.meta.url));
let stack: ApiStack | null = null;
afterEach(async () => {
  await stack?.close();
  stack = null;
});

const start = async (options: Parameters<typeof startApiStack>[0]) => {
  stack = await startApiStack(options);
  return stack;
};

/** `fetch` on the stack with its key (or `key`) and JSON in and out. */
async function call(
  s: ApiStack,
  path: string,
  init: RequestInit & { readonly key?: string | null } = {},
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the answers' JSON freely
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers = new Headers(init.headers);
  const key = init.key === undefined ? s.key : init.key;
  if (key !== null) headers.set('authorization', `Bearer ${key}`);
  const res = await fetch(`${s.url}${path}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

const postJson = (s: ApiStack, job: unknown, init: RequestInit & { key?: string | null } = {}) =>
  call(s, '/v1/jobs', {
    method: 'POST',
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    body: typeof job === 'string' ? job : JSON.stringify(job),
  });

const upload = (s: ApiStack, job: unknown, document?: Blob) => {
  const form = new FormData();
  form.set('job', JSON.stringify(job));
  if (document) form.set('document', document, 'invoice.pdf');
  return call(s, '/v1/jobs', { method: 'POST', body: form });
};

describe('the HTTP API with a worker on the stand-in', () => {
  it('enqueues JSON and an uploaded PDF, long-polls both results, lists workflows and serves OpenAPI', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const s = await start({ redisUrl, redis, prefix });
    const enqueued = await postJson(s, { workflow: 'doc-note', input: { text: 'doc:a A note' } });
    expect(enqueued.status).toBe(202);
    expect(enqueued.body).toEqual({ id: expect.any(String), state: 'queued' });
    const result = await call(s, `/v1/jobs/${enqueued.body.id}/result?wait=20`);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      state: 'completed',
      result: { data: { title: 'groceries', count: 3 } },
    });
    expect((await call(s, `/v1/jobs/${enqueued.body.id}`)).body.state).toBe('completed');

    const uploaded = await upload(s, { workflow: 'doc-note' }, new Blob([pdf], { type: 'application/pdf' }));
    expect(uploaded.status).toBe(202);
    const done = await call(s, `/v1/jobs/${uploaded.body.id}/result?wait=20`);
    expect(done.body).toMatchObject({ state: 'completed', result: { workflow: 'doc-note' } });

    const workflows = await call(s, '/v1/workflows');
    expect(workflows.body.workflows.map((w: { name: string }) => w.name)).toEqual(['doc-note']);
    expect(workflows.body.workflows[0].outputSchema.properties).toHaveProperty('title');
    expect(workflows.headers.get('x-content-type-options')).toBe('nosniff');
    expect(workflows.headers.get('x-frame-options')).toBe('DENY');

    const openapi = await call(s, '/openapi.json', { key: null });
    expect(openapi.body.openapi).toBe('3.1.0');
    expect(Object.keys(openapi.body.paths)).toEqual([
      '/v1/jobs',
      '/v1/jobs/{id}',
      '/v1/jobs/{id}/result',
      '/v1/workflows',
    ]);
  });

  it('answers a dead-lettered job with its DLQ reason', async ({ redisUrl, redis, prefix }) => {
    const s = await start({ redisUrl, redis, prefix, reply: { kind: 'json', value: { title: 7 } } });
    const enqueued = await postJson(s, { workflow: 'doc-note', input: { text: 'doc:b A note' } });
    const result = await call(s, `/v1/jobs/${enqueued.body.id}/result?wait=20`);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ state: 'dead_lettered', deadLetter: { dlqId: expect.any(String) } });
    expect(result.body.deadLetter.reason.kind).toEqual(expect.any(String));
  });

  it('returns the first job for the same Idempotency-Key and body (200, same id)', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true });
    const job = { workflow: 'doc-note', input: { text: 'doc:c A note' } };
    const first = await postJson(s, job, { headers: { 'idempotency-key': 'order-1' } });
    const again = await postJson(s, job, { headers: { 'idempotency-key': 'order-1' } });
    expect(first.status).toBe(202);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const pending = await call(s, `/v1/jobs/${first.body.id}/result?wait=0`);
    expect(pending.status).toBe(202);
    expect(pending.body.state).toBe('queued');
  });

  it('limits each key to API_RATE_LIMIT requests per window (429 with Retry-After)', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true, env: { API_RATE_LIMIT: '2' } });
    expect((await call(s, '/v1/workflows')).status).toBe(200);
    expect((await call(s, '/v1/workflows')).status).toBe(200);
    const limited = await call(s, '/v1/workflows');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('ends a long-poll when the client goes away', async ({ redisUrl, redis, prefix }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true });
    const { body } = await postJson(s, { workflow: 'doc-note', input: { text: 'doc:d A note' } });
    const server = (s as unknown as { url: string }).url;
    const started = Date.now();
    const ended = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${server}/v1/jobs/${body.id}/result?wait=30`, {
        headers: { authorization: `Bearer ${s.key}` },
      });
      req.on('error', () => {});
      req.on('socket', (socket) => {
        socket.on('connect', () => setImmediate(() => req.destroy()));
        socket.on('close', () => resolve(Date.now()));
      });
      req.on('response', () => reject(new Error('the long-poll answered although the job is queued')));
      req.end();
    });
    // The server stops waiting too: a close() right after would hang for 30 s on an open poll.
    await s.close();
    stack = null;
    expect(Date.now() - ended).toBeLessThan(5_000);
    expect(ended - started).toBeLessThan(5_000);
  });
});

describe('the HTTP API refuses bad input with a stable code', () => {
  it('row 178: a JSON body that does not parse is refused as invalid_json', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true });
    const res = await postJson(s, '{"workflow": "doc-note", ');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_json');
  });

  it('row 179: a body that is neither JSON nor multipart is refused as unsupported_media_type', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true });
    const res = await call(s, '/v1/jobs', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('unsupported_media_type');
  });

  it('row 180: a JSON body over API_MAX_JSON_BYTES is refused as payload_too_large', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true, env: { API_MAX_JSON_BYTES: '2048' } });
    const res = await postJson(s, { workflow: 'doc-note', input: { text: 'x'.repeat(4096) } });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ code: 'payload_too_large', details: { maxBytes: 2048 } });
    expect(JSON.stringify(res.body)).not.toContain('xxxx');
  });

  it('row 181: a request without an API key is refused as unauthorized', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true });
    const res = await call(s, '/v1/workflows', { key: null });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({
      code: 'unauthorized',
      message: expect.stringMatching(/Authorization/),
    });
  });

  it('row 182: an unknown API key is refused as unauthorized', async ({ redisUrl, redis, prefix }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true });
    const res = await call(s, '/v1/workflows', { key: `qk_0123456789abcdef_${'A'.repeat(43)}` });
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 'unauthorized', message: 'the API key is not known' });
  });

  it('row 183: a revoked API key is refused as unauthorized', async ({ redisUrl, redis, prefix }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true });
    const { key, info } = await s.keys.create({ name: 'old', workflows: '*' });
    expect((await call(s, '/v1/workflows', { key })).status).toBe(200);
    await s.keys.revoke(info.id);
    const res = await call(s, '/v1/workflows', { key });
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 'unauthorized', message: 'the API key was revoked' });
  });

  it("row 184: a job of a workflow outside the key's scope is refused as forbidden_workflow, and its jobs are not found", async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true });
    const res = await postJson(s, { workflow: 'other-note', input: { text: 'doc:e A note' } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden_workflow');
    const { key } = await s.keys.create({ name: 'other', workflows: ['other-note'] });
    const other = await postJson(s, { workflow: 'other-note', input: { text: 'doc:e A note' } }, { key });
    expect(other.status).toBe(202);
    expect((await call(s, `/v1/jobs/${other.body.id}`)).body.error.code).toBe('not_found');
  });

  it('row 229: a key scoped to tenant acme -> a job naming no tenant is enqueued for acme, one naming bolt is refused forbidden_tenant with nothing enqueued', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true });
    const { key } = await s.keys.create({ name: 'acme', workflows: '*', tenant: 'acme' });
    const own = await postJson(s, { workflow: 'doc-note', input: { text: 'doc:t A note' } }, { key });
    expect(own.status).toBe(202);
    const other = await postJson(
      s,
      { workflow: 'doc-note', tenant: 'bolt', input: { text: 'doc:u A note' } },
      { key },
    );
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('forbidden_tenant');
    const bad = await postJson(s, { workflow: 'doc-note', tenant: 'a b', input: { text: 'doc:v A note' } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('tenant');
    // One job in all: the acme one, with its tenant in its data.
    const queues = openQueues({ connection: redis, config: { prefix } });
    try {
      const jobs = await queues.queue.getJobs(['prioritized', 'wait'], 0, -1);
      expect(jobs.map((job) => job.data.tenant)).toEqual(['acme']);
    } finally {
      await queues.close();
    }
  });

  it("row 230: jobs of another tenant, or enqueued by a key of no tenant for another -> not found for a tenant's key; a key of no tenant reads them all", async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true });
    const { key: acme } = await s.keys.create({ name: 'acme', workflows: '*', tenant: 'acme' });
    const bolts = await postJson(s, {
      workflow: 'doc-note',
      tenant: 'bolt',
      input: { text: 'doc:w A note' },
    });
    const untagged = await postJson(s, { workflow: 'doc-note', input: { text: 'doc:x A note' } });
    const mine = await postJson(s, { workflow: 'doc-note', tenant: 'acme', input: { text: 'doc:y A note' } });
    for (const id of [bolts.body.id, untagged.body.id]) {
      expect((await call(s, `/v1/jobs/${id}`, { key: acme })).body.error.code).toBe('not_found');
      expect((await call(s, `/v1/jobs/${id}/result`, { key: acme })).status).toBe(404);
    }
    expect((await call(s, `/v1/jobs/${mine.body.id}`, { key: acme })).status).toBe(200);
    expect((await call(s, `/v1/jobs/${bolts.body.id}`)).status).toBe(200);
  });

  it('row 185: a wait that is not a whole number of seconds is refused as invalid_request', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true });
    const { body } = await postJson(s, { workflow: 'doc-note', input: { text: 'doc:f A note' } });
    for (const wait of ['-1', '1.5', 'abc', '', '9999999']) {
      const res = await call(s, `/v1/jobs/${body.id}/result?wait=${wait}`);
      expect(res.status, wait).toBe(400);
      expect(res.body.error.code).toBe('invalid_request');
    }
  });

  it('row 186: a job id of the wrong form is refused as invalid_request, an unknown one as not_found', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true });
    expect((await call(s, `/v1/jobs/${'x'.repeat(300)}`)).body.error.code).toBe('invalid_request');
    expect((await call(s, '/v1/jobs/a%20b')).body.error.code).toBe('invalid_request');
    const unknown = await call(s, '/v1/jobs/no-such-job');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
  });

  it('row 187: an Idempotency-Key used again with another body is refused as idempotency_conflict', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true });
    const headers = { 'idempotency-key': 'order-2' };
    expect(
      (await postJson(s, { workflow: 'doc-note', input: { text: 'doc:g one' } }, { headers })).status,
    ).toBe(202);
    const res = await postJson(s, { workflow: 'doc-note', input: { text: 'doc:g two' } }, { headers });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('idempotency_conflict');
  });

  it('row 188: an upload without a document part is refused as invalid_request naming the part', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true });
    const res = await upload(s, { workflow: 'doc-note' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/document part/),
    });
  });

  it('row 189: an uploaded document that is not a PDF or an image is refused as invalid_document', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const s = await start({ redisUrl, redis, prefix, noWorker: true });
    const res = await upload(s, { workflow: 'doc-note' }, new Blob(['secret plain text, not a PDF']));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('invalid_document');
    expect(JSON.stringify(res.body)).not.toContain('secret plain text');
  });
});
