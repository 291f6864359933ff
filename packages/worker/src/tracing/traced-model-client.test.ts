import type { AttemptRecord, ModelClient, ModelRequest, ModelResponse } from '@quarry/core';
import type { SpanAttributes, SpanEnd, SpanStart, TraceSpan, Tracing } from '@quarry/tracing';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { BatchParkedError } from '../batch/batch-parked-error';
import { JobRunTrace } from './job-run-trace';
import { tracedModelClient } from './traced-model-client';

interface RecordedSpan {
  readonly start: SpanStart;
  readonly id: string;
  attributes: Record<string, unknown>;
  ended?: SpanEnd;
}

/** A tracing that keeps its spans in memory. */
function memoryTracing() {
  const spans: RecordedSpan[] = [];
  const tracing: Tracing = {
    enabled: true,
    startSpan(start) {
      const recorded: RecordedSpan = {
        start,
        id: `span-${spans.length + 1}`,
        attributes: { ...start.attributes },
      };
      spans.push(recorded);
      const span: TraceSpan & { id: string } = {
        id: recorded.id,
        context: { traceId: 'a'.repeat(32), spanId: String(spans.length).padStart(16, '0'), traceFlags: 1 },
        tracestate: undefined,
        setAttributes(attributes: SpanAttributes) {
          Object.assign(recorded.attributes, attributes);
        },
        run: (fn) => fn(),
        end(end) {
          recorded.ended ??= end ?? { status: 'unset' };
        },
      };
      return span;
    },
    logFields: () => ({}),
    shutdown: async () => undefined,
  };
  const parentOf = (span: RecordedSpan) => (span.start.parent as { id?: string } | undefined)?.id;
  return { tracing, spans, parentOf };
}

const request = { model: 'claude-haiku-4-5', maxTokens: 1024 } as ModelRequest;
const response: ModelResponse = {
  content: [{ type: 'text', text: '{}' }],
  stopReason: 'end_turn',
  usage: { inputTokens: 120, outputTokens: 30, cacheCreationInputTokens: 40, cacheReadInputTokens: 500 },
  requestId: 'req_1',
  model: 'claude-haiku-4-5-20251001',
  messageId: 'msg_1',
  lane: 'batch',
  batchId: 'msgbatch_07',
};
const record = (n: number, issues: number): AttemptRecord => ({
  n,
  startedAt: new Date().toISOString(),
  durationMs: 5,
  model: 'claude-haiku-4-5',
  strategy: 'structured',
  maxTokens: 1024,
  stopReason: 'end_turn',
  requestId: null,
  rawOutput: '{}',
  rawOutputTruncated: false,
  toolCallId: null,
  issues: Array.from({ length: issues }, () => ({
    source: 'schema' as const,
    path: 'count',
    code: 'invalid_type',
    message: 'bad',
  })),
  usage: response.usage,
  costUsd: 0.0012,
  lane: 'batch',
  groundingFields: [
    { path: 'title', status: 'grounded', match: 'exact', similarity: 1, value: '"a"' },
    { path: 'count', status: 'not_found', match: 'none', similarity: 0, value: '3' },
  ],
});

const silent = pino({ level: 'silent' });

describe('tracedModelClient', () => {
  it('opens an attempt span with the first call and puts each call under it with the GenAI attributes', async () => {
    const { tracing, spans, parentOf } = memoryTracing();
    const trace = JobRunTrace.start({
      tracing,
      jobId: 'j1',
      data: {},
      run: 1,
      queueName: 'extraction',
      log: silent,
    });
    const inner: ModelClient = { generate: async () => response };
    const model = tracedModelClient(inner, trace, true);
    await model.generate(request, { attempt: 1 });
    trace.attempt(record(1, 1));
    await model.generate(request, { attempt: 2 });
    trace.attempt(record(2, 0));
    trace.end({ status: 'ok' });

    const [job, ...rest] = spans;
    expect(job?.start).toMatchObject({ name: 'quarry.job', kind: 'consumer', parent: 'root', links: [] });
    const attempts = rest.filter((span) => span.start.name === 'quarry.attempt');
    const chats = rest.filter((span) => span.start.name === 'chat claude-haiku-4-5');
    expect(attempts.map((span) => [parentOf(span), span.attributes['quarry.attempt.outcome']])).toEqual([
      [job?.id, 'invalid'],
      [job?.id, 'valid'],
    ]);
    expect(attempts[0]?.attributes).toMatchObject({
      'quarry.attempt.issues': 1,
      'quarry.grounding.outcome': 'grounded:1,not_found:1',
      'quarry.cost_usd': 0.0012,
      'quarry.lane': 'batch',
    });
    expect(chats.map(parentOf)).toEqual(attempts.map((span) => span.id));
    expect(chats[0]?.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': 'claude-haiku-4-5',
      'gen_ai.response.model': 'claude-haiku-4-5-20251001',
      'gen_ai.usage.input_tokens': 120,
      'gen_ai.usage.output_tokens': 30,
      'gen_ai.usage.cache_read.input_tokens': 500,
      'gen_ai.usage.cache_creation.input_tokens': 40,
      'gen_ai.response.finish_reasons': ['end_turn'],
      // A batch-lane reply names the batch that answered.
      'quarry.batch.id': 'msgbatch_07',
    });
    expect(spans.every((span) => span.ended !== undefined)).toBe(true);
  });

  it('ends the span of a batch-lane call that parks naming its batch, and leaves the run to end its attempt span', async () => {
    const { tracing, spans } = memoryTracing();
    const trace = JobRunTrace.start({
      tracing,
      jobId: 'j2',
      data: {},
      run: 1,
      queueName: 'extraction',
      log: silent,
    });
    const parked: ModelClient = {
      generate: async () => {
        throw new BatchParkedError({ ref: 'job-key#1', batchId: 'msgbatch_01' });
      },
    };
    await expect(tracedModelClient(parked, trace, true).generate(request, { attempt: 1 })).rejects.toThrow(
      BatchParkedError,
    );
    const chat = spans.find((span) => span.start.name.startsWith('chat '));
    expect(chat).toMatchObject({
      attributes: { 'quarry.batch.id': 'msgbatch_01', 'quarry.batch.parked': true, 'quarry.lane': 'batch' },
      ended: { status: 'unset' },
    });
    const attempt = spans.find((span) => span.start.name === 'quarry.attempt');
    expect(attempt?.ended).toBeUndefined();
    trace.end({ status: 'ok' });
    expect(attempt?.ended).toEqual({ status: 'unset' });
  });

  it('returns the client unchanged when tracing is off', () => {
    const inner: ModelClient = { generate: async () => response };
    expect(tracedModelClient(inner, JobRunTrace.off, false)).toBe(inner);
  });
});
