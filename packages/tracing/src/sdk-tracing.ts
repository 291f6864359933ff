import {
  type Attributes,
  type Context,
  context,
  createTraceState,
  isSpanContextValid,
  type Link,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { SpanAttributes, SpanEnd, SpanStart, TraceSpan, Tracing } from './tracing';

/** Default bound of {@link Tracing.shutdown}. */
const SHUTDOWN_TIMEOUT_MS = 5000;

const kinds = {
  internal: SpanKind.INTERNAL,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
  client: SpanKind.CLIENT,
} as const;

function attributesOf(attributes: SpanAttributes | undefined): Attributes {
  const out: Attributes = {};
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (value !== undefined) out[name] = value as Attributes[string];
  }
  return out;
}

class SdkSpan implements TraceSpan {
  readonly #span: Span;
  #ended = false;

  constructor(span: Span) {
    this.#span = span;
  }

  get context() {
    const spanContext = this.#span.spanContext();
    if (!isSpanContextValid(spanContext)) return null;
    return { traceId: spanContext.traceId, spanId: spanContext.spanId, traceFlags: spanContext.traceFlags };
  }

  get tracestate() {
    return this.#span.spanContext().traceState?.serialize() || undefined;
  }

  get span(): Span {
    return this.#span;
  }

  setAttributes(attributes: SpanAttributes): void {
    this.#span.setAttributes(attributesOf(attributes));
  }

  run<T>(fn: () => T): T {
    return context.with(trace.setSpan(context.active(), this.#span), fn);
  }

  end(end?: SpanEnd, endTime?: number): void {
    if (this.#ended) return;
    this.#ended = true;
    if (end?.status === 'error') {
      const error = end.error instanceof Error ? end.error : new Error(String(end.error));
      this.#span.recordException(error);
      this.#span.setStatus({ code: SpanStatusCode.ERROR, message: error.name });
    } else if (end?.status === 'ok') {
      this.#span.setStatus({ code: SpanStatusCode.OK });
    }
    this.#span.end(endTime);
  }
}

function parentContext(parent: SpanStart['parent']): Context {
  if (parent === 'root') return ROOT_CONTEXT;
  if (parent instanceof SdkSpan) return trace.setSpan(context.active(), parent.span);
  return context.active();
}

function linksOf(start: SpanStart): Link[] {
  return (start.links ?? []).map((link) => ({
    context: {
      traceId: link.context.traceId,
      spanId: link.context.spanId,
      traceFlags: link.context.traceFlags,
      isRemote: true,
      ...(link.tracestate ? { traceState: createTraceState(link.tracestate) } : {}),
    },
    attributes: attributesOf(link.attributes),
  }));
}

/** A {@link Tracing} over an OpenTelemetry tracer. */
function tracerTracing(tracer: Tracer, shutdown: Tracing['shutdown']): Tracing {
  return {
    enabled: true,
    startSpan(start) {
      const span = tracer.startSpan(
        start.name,
        {
          kind: kinds[start.kind ?? 'internal'],
          attributes: attributesOf(start.attributes),
          links: linksOf(start),
          ...(start.parent === 'root' ? { root: true } : {}),
          ...(start.startTime !== undefined ? { startTime: start.startTime } : {}),
        },
        parentContext(start.parent),
      );
      return new SdkSpan(span);
    },
    logFields(): Readonly<Record<string, string>> {
      const spanContext = trace.getActiveSpan()?.spanContext();
      if (!spanContext || !isSpanContextValid(spanContext)) return {};
      return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
    },
    shutdown,
  };
}

/**
 * Registers the OpenTelemetry SDK as the process's tracer provider: the resource from `serviceName`
 * with `OTEL_SERVICE_NAME`/`OTEL_RESOURCE_ATTRIBUTES` over it, the sampler of `OTEL_TRACES_SAMPLER`,
 * and a batch span processor sending OTLP/HTTP JSON to the configured endpoint.
 */
export function startSdkTracing(options: { readonly serviceName: string }): Tracing {
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': options.serviceName }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  let stopping: Promise<void> | null = null;
  const shutdown: Tracing['shutdown'] = (shutdownOptions) => {
    stopping ??= (async () => {
      const timeoutMs = shutdownOptions?.timeoutMs ?? SHUTDOWN_TIMEOUT_MS;
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
        timer.unref();
      });
      // An unreachable collector must not hold the process: what is not sent within the bound is dropped.
      await Promise.race([provider.shutdown().catch(() => undefined), bound]);
      clearTimeout(timer);
    })();
    return stopping;
  };
  return tracerTracing(provider.getTracer('quarry'), shutdown);
}
