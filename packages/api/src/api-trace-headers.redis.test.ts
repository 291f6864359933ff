import { openQueues, readExtractionJob } from '@quarry/queue';
import { it } from '@quarry/testing';
import { afterEach, describe, expect } from 'vitest';
import { type ApiStack, startApiStack } from './test-fixtures/api-stack';

const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
let stack: ApiStack | null = null;
afterEach(async () => {
  await stack?.close();
  stack = null;
});

/** Posts `job` with `headers` (JSON, or multipart with a small PNG when `upload`); the id it answers. */
async function post(
  s: ApiStack,
  job: Record<string, unknown>,
  headers: Record<string, string>,
  upload = false,
): Promise<string> {
  let body: string | FormData = JSON.stringify(job);
  const all: Record<string, string> = { authorization: `Bearer ${s.key}`, ...headers };
  if (upload) {
    const form = new FormData();
    form.set('job', JSON.stringify(job));
    form.set('document', new Blob([png], { type: 'image/png' }), 'page.png');
    body = form;
  } else {
    all['content-type'] = 'application/json';
  }
  const res = await fetch(`${s.url}/v1/jobs`, { method: 'POST', headers: all, body });
  const answer = (await res.json()) as { id?: string; error?: unknown };
  expect(res.status, JSON.stringify(answer)).toBe(202);
  return answer.id as string;
}

// A 1×1 PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('traceparent and tracestate headers of POST /v1/jobs', () => {
  it("go into the job's trace (JSON and upload), winning over the body's trace; a malformed traceparent is ignored, never an error", async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    stack = await startApiStack({ redisUrl, redis, prefix, noWorker: true });
    const s = stack;
    const queues = openQueues({ connection: redis, config: { prefix } });
    const traceOf = async (jobId: string) => {
      const job = await readExtractionJob({ queue: queues.queue, jobId });
      if (!job) throw new Error(`no job ${jobId} in the queue`);
      return (job.data as { trace?: unknown }).trace;
    };
    try {
      const job = { workflow: 'doc-note', input: { text: 'doc:t A note' } };
      const both = await post(s, job, { traceparent, tracestate: 'vendor=a,other=b' });
      expect(await traceOf(both)).toEqual({ traceparent, tracestate: 'vendor=a,other=b' });

      const uploaded = await post(s, { workflow: 'doc-note' }, { traceparent }, true);
      expect(await traceOf(uploaded)).toEqual({ traceparent });

      const bodyTrace = { traceparent: '00-11111111111111111111111111111111-2222222222222222-00' };
      const headerWins = await post(s, { ...job, trace: bodyTrace }, { traceparent });
      expect(await traceOf(headerWins)).toEqual({ traceparent });
      const bodyOnly = await post(s, { ...job, trace: bodyTrace }, {});
      expect(await traceOf(bodyOnly)).toEqual(bodyTrace);

      const untraced = await post(s, job, {});
      expect(await traceOf(untraced)).toBeUndefined();
      for (const malformed of [
        'garbage',
        '00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01',
        `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
        `ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01`,
        `00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-${'x'.repeat(300)}`,
      ]) {
        const id = await post(s, job, { traceparent: malformed, tracestate: 'vendor=a' });
        expect(await traceOf(id), malformed).toBeUndefined();
      }
      // A tracestate longer than the job contract keeps is dropped; the traceparent stays.
      const longState = await post(s, job, { traceparent, tracestate: `v=${'a'.repeat(600)}` });
      expect(await traceOf(longState)).toEqual({ traceparent });
    } finally {
      await queues.close();
    }
  });
});
