import { type Context, type Span, trace } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { traceEnqueue } from './trace-enqueue';

const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const job = { workflow: 'doc-note', version: 1, input: { text: 'a note' } };

const enqueueOf = (data: Parameters<Parameters<typeof traceEnqueue>[0]['enqueue']>[0]) =>
  traceEnqueue({ data, queueName: 'q', enqueue: async (given) => given, jobIdOf: () => 'job-1' });

afterEach(() => {
  trace.disable();
});

describe('traceEnqueue with a trace the producer carries itself', () => {
  it('keeps the trace exactly as given, tracestate included, when no SDK is registered', async () => {
    const given = { ...job, trace: { traceparent, tracestate: 'vendor=a,other=b' } };
    expect(await enqueueOf(given)).toEqual(given);
    expect(await enqueueOf(job)).toEqual(job);
  });

  it('starts the producer span as the child of the given trace and carries that span', async () => {
    const parents: (string | undefined)[] = [];
    trace.setGlobalTracerProvider({
      getTracer: () => ({
        startSpan: (_name: string, _options?: unknown, context?: Context): Span => {
          const parent = context ? trace.getSpanContext(context) : undefined;
          parents.push(parent?.spanId);
          return trace.wrapSpanContext({
            traceId: parent?.traceId ?? 'c'.repeat(32),
            spanId: 'b'.repeat(16),
            traceFlags: 1,
            ...(parent?.traceState ? { traceState: parent.traceState } : {}),
          });
        },
        startActiveSpan: () => {
          throw new Error('not used');
        },
      }),
    });
    const carried = await enqueueOf({ ...job, trace: { traceparent, tracestate: 'vendor=a' } });
    expect(parents).toEqual(['00f067aa0ba902b7']);
    expect(carried.trace).toEqual({
      traceparent: `00-4bf92f3577b34da6a3ce929d0e0e4736-${'b'.repeat(16)}-01`,
      tracestate: 'vendor=a',
    });
    // A traceparent that is not W3C gives no parent; the job gets the producer span's own trace.
    const unparented = await enqueueOf({ ...job, trace: { traceparent: 'ff-not-w3c' } });
    expect(parents[1]).toBeUndefined();
    expect(unparented.trace?.traceparent).toBe(`00-${'c'.repeat(32)}-${'b'.repeat(16)}-01`);
  });
});
