import { startTracing, type Tracing } from '@quarry/tracing';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from './test-fixtures/otlp-receiver';
import { it } from './test-fixtures/use-worker-harness';
import { ticket, ticketText, waitFor } from './worker-test-harness';

/**
 * One trace from producer to model call, against a real OTLP/HTTP endpoint the test runs: the test
 * process is the producer (its own SDK, a span around `client.enqueue`), the worker runs as
 * `pnpm worker` in a child process with the standard OTEL_* variables set.
 */

const answer = { kind: 'json', value: ticket.truth } as const;
const invalid = { kind: 'json', value: { category: 42 } } as const;
/** The OTLP span kinds the tree uses. */
const PRODUCER = 4;
const CONSUMER = 5;
const CLIENT = 3;

let receiver: OtlpReceiver;
let producer: Tracing;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  // The producer's SDK reads the standard variables, like any service's would.
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
  process.env.OTEL_BSP_SCHEDULE_DELAY = '50';
  producer = await startTracing({ serviceName: 'producer-test' });
});
afterAll(async () => {
  await producer?.shutdown({ timeoutMs: 2000 });
  await receiver?.close();
});

/** The worker's environment with tracing to `endpoint`, spans sent within 50 ms. */
const traced = (env: Readonly<Record<string, string>>, endpoint: string) => ({
  ...env,
  LOG_LEVEL: 'info',
  OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
  OTEL_BSP_SCHEDULE_DELAY: '50',
});

const jobSpanOf = (jobId: string): ReceivedSpan | undefined =>
  receiver.spans.find((span) => span.name === 'quarry.job' && span.attributes['quarry.job.id'] === jobId);

const inTrace = (traceId: string, name: string | RegExp) =>
  receiver.spans.filter(
    (span) =>
      span.traceId === traceId && (typeof name === 'string' ? span.name === name : name.test(span.name)),
  );

describe('tracing: one trace from the producer to the model call', () => {
  it('links the job span to the producer span; an attempt span per attempt (two after an invalid reply) with a chat span under each', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ plan: { traced: [invalid, answer] } });
    const worker = testBed.spawnWorker(traced(h.env, receiver.url));
    await worker.ready;

    const parent = producer.startSpan({ name: 'test request', parent: 'root' });
    const { jobId } = await parent.run(() =>
      h.client.enqueue('support-ticket', { text: ticketText('traced') }),
    );
    parent.end();
    expect(await h.client.waitForResult(jobId, { timeoutMs: 20_000 })).toMatchObject({ attempts: 2 });

    await waitFor(
      () => {
        const job = jobSpanOf(jobId);
        return (
          job !== undefined &&
          inTrace(job.traceId, /^chat /).length === 2 &&
          receiver.spans.some((span) => span.name === 'quarry.enqueue')
        );
      },
      15_000,
      'the spans of the job',
    );
    const enqueue = receiver.spans.find(
      (span) => span.name === 'quarry.enqueue' && span.traceId === parent.context?.traceId,
    );
    expect(enqueue).toMatchObject({
      service: 'producer-test',
      kind: PRODUCER,
      parentSpanId: parent.context?.spanId,
      attributes: { 'messaging.message.id': jobId, 'quarry.workflow': 'support-ticket' },
    });

    // A root span of a trace of its own, linked (not parented) to the producer span.
    const job = jobSpanOf(jobId) as ReceivedSpan;
    expect(job).toMatchObject({
      service: 'quarry-worker',
      kind: CONSUMER,
      parentSpanId: '',
      links: [{ traceId: enqueue?.traceId, spanId: enqueue?.spanId }],
      attributes: { 'quarry.workflow': 'support-ticket', 'quarry.lane': 'realtime', 'quarry.job.run': 1 },
    });
    expect(job.traceId).not.toBe(enqueue?.traceId);

    const attempts = inTrace(job.traceId, 'quarry.attempt').sort(
      (a, b) => Number(a.attributes['quarry.attempt.number']) - Number(b.attributes['quarry.attempt.number']),
    );
    expect(attempts.map((span) => span.parentSpanId)).toEqual([job.spanId, job.spanId]);
    expect(attempts.map((span) => span.attributes)).toEqual([
      expect.objectContaining({
        'quarry.attempt.number': 1,
        'quarry.attempt.outcome': 'invalid',
        'quarry.attempt.issues': expect.any(Number),
        'quarry.lane': 'realtime',
        'quarry.grounding.outcome': expect.any(String),
        'quarry.cost_usd': expect.any(Number),
        'quarry.lessons.shown': expect.any(Array),
      }),
      expect.objectContaining({
        'quarry.attempt.number': 2,
        'quarry.attempt.outcome': 'valid',
        'quarry.attempt.issues': 0,
      }),
    ]);
    expect(attempts[0]?.attributes['quarry.attempt.issues']).toBeGreaterThan(0);

    const chats = inTrace(job.traceId, /^chat /);
    expect(chats.map((span) => span.parentSpanId).sort()).toEqual(attempts.map((span) => span.spanId).sort());
    for (const chat of chats) {
      const model = chat.attributes['gen_ai.request.model'];
      expect(chat.name).toBe(`chat ${model}`);
      expect(chat).toMatchObject({
        kind: CLIENT,
        attributes: {
          'gen_ai.operation.name': 'chat',
          'gen_ai.system': 'anthropic',
          'gen_ai.provider.name': 'anthropic',
          'gen_ai.response.model': expect.any(String),
          'gen_ai.usage.input_tokens': expect.any(Number),
          'gen_ai.usage.output_tokens': expect.any(Number),
          'gen_ai.usage.cache_read.input_tokens': expect.any(Number),
          'gen_ai.usage.cache_creation.input_tokens': expect.any(Number),
          'gen_ai.response.finish_reasons': [expect.any(String)],
        },
      });
      expect(chat.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
    }

    // Log lines of the run carry its trace.
    const started = worker.logs.find((line) => line.msg === 'job started' && line.jobId === jobId);
    expect(started).toMatchObject({ trace_id: job.traceId, span_id: job.spanId });
  });

  it('a job retried after a transient failure: its second run is a trace of its own whose job span links to the producer span and to the first run', async ({
    testBed,
  }) => {
    const overloaded = { kind: 'error', status: 529, message: 'overloaded' } as const;
    const h = await testBed.harness({ plan: { 'retried-trace': [overloaded, answer] } });
    const worker = testBed.spawnWorker(traced(h.env, receiver.url));
    await worker.ready;
    const parent = producer.startSpan({ name: 'test request', parent: 'root' });
    const { jobId } = await parent.run(() =>
      h.client.enqueue('support-ticket', { text: ticketText('retried-trace') }),
    );
    parent.end();
    await h.client.waitForResult(jobId, { timeoutMs: 20_000 });
    const jobSpans = () =>
      receiver.spans
        .filter((span) => span.name === 'quarry.job' && span.attributes['quarry.job.id'] === jobId)
        .sort((a, b) => Number(a.attributes['quarry.job.run']) - Number(b.attributes['quarry.job.run']));
    await waitFor(() => jobSpans().length === 2, 15_000, 'the job spans of both runs');
    const [first, second] = jobSpans() as [ReceivedSpan, ReceivedSpan];
    const enqueue = receiver.spans.find(
      (span) => span.name === 'quarry.enqueue' && span.traceId === parent.context?.traceId,
    );
    expect(first.attributes['quarry.job.run']).toBe(1);
    expect(second.attributes['quarry.job.run']).toBe(2);
    expect(second.traceId).not.toBe(first.traceId);
    expect(first.links).toEqual([{ traceId: enqueue?.traceId, spanId: enqueue?.spanId }]);
    expect(second.links).toEqual([
      { traceId: enqueue?.traceId, spanId: enqueue?.spanId },
      { traceId: first.traceId, spanId: first.spanId },
    ]);
  });

  it('keeps no first-run trace context when tracing is off', async ({ testBed }) => {
    const overloaded = { kind: 'error', status: 529, message: 'overloaded' } as const;
    const h = await testBed.harness({ plan: { 'untraced-retry': [overloaded, answer] } });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('support-ticket', { text: ticketText('untraced-retry') });
    expect(await h.client.waitForResult(jobId, { timeoutMs: 20_000 })).toMatchObject({ attempts: 1 });
    expect(h.requestsFor('untraced-retry')).toHaveLength(2);
    expect(await h.redis.keys(`${h.prefix}:*first-run-trace*`)).toEqual([]);
  });

  it('row 202: job data whose trace.traceparent is not W3C (garbage, upper-case hex, an all-zero trace id) -> runs the job, logs a warning naming invalid_traceparent, and leaves the job span unlinked', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: { 'bad-trace-0': [answer], 'bad-trace-1': [answer], 'bad-trace-2': [answer] },
    });
    const worker = testBed.spawnWorker(traced(h.env, receiver.url));
    await worker.ready;
    const raw = h.rawQueue();
    const values = [
      'not a traceparent',
      '00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01',
      `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
    ];
    const ids: string[] = [];
    for (const [i, traceparent] of values.entries()) {
      const job = await raw.add('extract', {
        workflow: 'support-ticket',
        input: { text: ticketText(`bad-trace-${i}`) },
        trace: { traceparent },
      });
      ids.push(job.id as string);
    }
    for (const jobId of ids) {
      expect(await h.client.waitForResult(jobId, { timeoutMs: 20_000 })).toMatchObject({ attempts: 1 });
    }
    await waitFor(() => ids.every((jobId) => jobSpanOf(jobId) !== undefined), 15_000, 'the job spans');
    for (const jobId of ids) {
      expect(jobSpanOf(jobId)?.links).toEqual([]);
      expect(
        worker.logs.find((line) => line.jobId === jobId && line.code === 'invalid_traceparent'),
      ).toMatchObject({ level: 40 });
    }
  });

  it('row 203: job data whose trace is not the contract shape (a number as traceparent, one over 256 characters, an unknown key) -> dead-letters it as invalid_payload naming trace.traceparent or the key, and calls no model', async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    await h.startWorker();
    const raw = h.rawQueue();
    const cases = [
      {
        trace: { traceparent: 42 },
        message: 'trace.traceparent: Invalid input: expected string, received number',
      },
      {
        trace: { traceparent: `01-${'a'.repeat(300)}` },
        message: 'trace.traceparent: must be at most 256 characters (a W3C traceparent)',
      },
      {
        trace: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', baggage: 'x' },
        message: 'trace: Unrecognized key: "baggage"',
      },
    ];
    for (const [i, bad] of cases.entries()) {
      const job = await raw.add('extract', {
        workflow: 'note',
        input: { text: `doc:bad-shape-${i} A note.` },
        trace: bad.trace,
      });
      const record = await h.dlqRecordOf(job.id as string);
      expect(record.reason).toEqual({
        kind: 'invalid_payload',
        message: expect.stringContaining(bad.message),
      });
      expect(record.attempts).toEqual([]);
    }
    expect(h.standin.requests).toHaveLength(0);
  });

  it('row 204: OTEL_EXPORTER_OTLP_ENDPOINT at a collector that never answers -> the job completes and the worker still exits 0 on SIGTERM within the bound', async ({
    testBed,
  }) => {
    const blackHole = await startOtlpReceiver({ answer: false });
    try {
      const h = await testBed.harness({ plan: { 'black-hole': [answer] } });
      // An export may wait 30 s for its answer: only tracing's own shutdown bound ends it sooner.
      const worker = testBed.spawnWorker({
        ...traced(h.env, blackHole.url),
        OTEL_EXPORTER_OTLP_TIMEOUT: '30000',
      });
      await worker.ready;
      const { jobId } = await h.client.enqueue('support-ticket', { text: ticketText('black-hole') });
      expect(await h.client.waitForResult(jobId, { timeoutMs: 20_000 })).toMatchObject({ attempts: 1 });
      // The export of the job's spans is under way and will never be answered.
      await waitFor(() => blackHole.spans.length > 0, 10_000, 'an export to the black hole');

      const signalled = Date.now();
      worker.child.kill('SIGTERM');
      expect(await worker.exited).toEqual({ code: 0, signal: null });
      // Tracing's shutdown bound is 5 s; the worker's own close is quick here.
      expect(Date.now() - signalled).toBeLessThan(9_000);
    } finally {
      await blackHole.close();
    }
  });
});
