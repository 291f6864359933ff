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

/**
 * Enqueues inside a producer span `quarry.enqueue` of the process's OpenTelemetry tracer provider
 * (the producer's own SDK; the API's no-op one when it has none) and puts that span's W3C
 * `traceparent` (and `tracestate`) into the job's `trace`, for the worker's job span to link to.
 * Without a valid span context (no SDK, no active trace) the job is enqueued as given.
 */
export async function traceEnqueue<Result>(options: TraceEnqueueOptions<Result>): Promise<Result> {
  openTelemetryApi ??= import('@opentelemetry/api');
  const { context, isSpanContextValid, SpanKind, SpanStatusCode, trace } = await openTelemetryApi;
  const { data } = options;
  const span = trace.getTracer('@quarry/client').startSpan('quarry.enqueue', {
    kind: SpanKind.PRODUCER,
    attributes: {
      'messaging.system': 'bullmq',
      'messaging.operation.type': 'send',
      'messaging.destination.name': options.queueName,
      'quarry.workflow': data.workflow,
      'quarry.workflow.version': data.version,
    },
  });
  const spanContext = span.spanContext();
  const tracestate = spanContext.traceState?.serialize();
  const traced = isSpanContextValid(spanContext)
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
