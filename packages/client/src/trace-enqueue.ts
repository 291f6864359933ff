import type { SpanContext } from '@opentelemetry/api';
import type { JobData } from '@quarry/queue';

type OpenTelemetryApi = typeof import('@opentelemetry/api');

// Loaded on the first enqueue, then kept: a producer without tracing pays one import, never more.
let openTelemetryApi: Promise<OpenTelemetryApi> | undefined;

/** Options of {@link traceEnqueue}. */
export interface TraceEnqueueOptions<Result> {
  readonly data: JobData & { readonly version: number };
  /** The extraction queue's name, for `messaging.destination.name`. */
  readonly queueName: string;
  /** Enqueues the job data given (the data above, with `trace` when the span has a context). */
  readonly enqueue: (data: JobData & { readonly version: number }) => Promise<Result>;
  /** The job id of what `enqueue` returned, for `messaging.message.id`. */
  readonly jobIdOf: (result: Result) => string;
}

function flagsHex(flags: number): string {
  return (flags & 0xff).toString(16).padStart(2, '0');
}

// The first four fields of a W3C traceparent; the worker reads it by the full rules.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(?:-|$)/;

/** The remote span context of the job's own `trace` (a producer that propagates one itself), or null. */
function parentOf(api: OpenTelemetryApi, trace: JobData['trace']): SpanContext | null {
  const match = trace ? TRACEPARENT.exec(trace.traceparent) : null;
  if (!trace || !match?.[2] || !match[3] || !match[4] || match[1] === 'ff') return null;
  const parent: SpanContext = {
    traceId: match[2],
    spanId: match[3],
    traceFlags: Number.parseInt(match[4], 16),
    isRemote: true,
    ...(trace.tracestate ? { traceState: api.createTraceState(trace.tracestate) } : {}),
  };
  return api.isSpanContextValid(parent) ? parent : null;
}

/**
 * Enqueues inside a producer span `quarry.enqueue` of the process's OpenTelemetry tracer provider
 * (the producer's own SDK; the API's no-op one when it has none) and puts that span's W3C
 * `traceparent` (and `tracestate`) into the job's `trace`, for the worker's job span to link to.
 * A job that carries its own `trace` (the `trace` option) gets a span that is its child. Without a
 * span of its own (no SDK, no active trace) the job is enqueued as given.
 */
export async function traceEnqueue<Result>(options: TraceEnqueueOptions<Result>): Promise<Result> {
  openTelemetryApi ??= import('@opentelemetry/api');
  const api = await openTelemetryApi;
  const { context, isSpanContextValid, SpanKind, SpanStatusCode, trace } = api;
  const { data } = options;
  const parent = parentOf(api, data.trace);
  const span = trace.getTracer('@quarry/client').startSpan(
    'quarry.enqueue',
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        'messaging.system': 'bullmq',
        'messaging.operation.type': 'send',
        'messaging.destination.name': options.queueName,
        'quarry.workflow': data.workflow,
        'quarry.workflow.version': data.version,
      },
    },
    parent ? trace.setSpanContext(context.active(), parent) : context.active(),
  );
  const spanContext = span.spanContext();
  const tracestate = spanContext.traceState?.serialize();
  // Without an SDK the span is the parent itself: the job keeps its own trace exactly as given.
  const ownSpan = isSpanContextValid(spanContext) && spanContext.spanId !== parent?.spanId;
  const traced = ownSpan
    ? {
        ...data,
        trace: {
          traceparent: `00-${spanContext.traceId}-${spanContext.spanId}-${flagsHex(spanContext.traceFlags)}`,
          ...(tracestate ? { tracestate } : {}),
        },
      }
    : data;
  try {
    const result = await context.with(trace.setSpan(context.active(), span), () => options.enqueue(traced));
    span.setAttribute('messaging.message.id', options.jobIdOf(result));
    return result;
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'Error' });
    if (error instanceof Error) span.recordException(error);
    throw error;
  } finally {
    span.end();
  }
}
