import type { Traceparent } from './traceparent';

/** Values of a span attribute (OpenTelemetry's primitive and homogeneous array values); undefined ones are left out. */
export type SpanAttributeValue =
  | string
  | number
  | boolean
  | readonly string[]
  | readonly number[]
  | undefined;

/** A span's attributes by name. */
export type SpanAttributes = Readonly<Record<string, SpanAttributeValue>>;

/** A link from a span to another span, of this trace or another. */
export interface SpanLink {
  readonly context: Traceparent;
  /** The linked span's `tracestate`, as received. */
  readonly tracestate?: string;
  readonly attributes?: SpanAttributes;
}

/** The span kinds Quarry uses. */
export type SpanKind = 'internal' | 'producer' | 'consumer' | 'client';

/** What {@link Tracing.startSpan} starts. */
export interface SpanStart {
  readonly name: string;
  /** Default `internal`. */
  readonly kind?: SpanKind;
  /**
   * The parent: a span of this process, or `root` for a span that starts a trace of its own. Default:
   * the span active where `startSpan` is called, if any.
   */
  readonly parent?: TraceSpan | 'root';
  readonly links?: readonly SpanLink[];
  readonly attributes?: SpanAttributes;
  /** When the span began (ms since the epoch). Default now. */
  readonly startTime?: number;
}

/** How a span ended; `error` also records the error on the span. */
export type SpanEnd =
  | { readonly status: 'ok' | 'unset' }
  | { readonly status: 'error'; readonly error: unknown };

/** One span, started by {@link Tracing.startSpan}. */
export interface TraceSpan {
  /** This span's context (to put into a job or link to); null when it is not recorded. */
  readonly context: Traceparent | null;
  /** This span's `tracestate`, when it has one. */
  readonly tracestate: string | undefined;
  setAttributes(attributes: SpanAttributes): void;
  /** Runs `fn` with this span active: spans started and lines logged inside it belong to it. */
  run<T>(fn: () => T): T;
  /** Ends the span (at `endTime`, ms since the epoch, or now); a second call does nothing. */
  end(end?: SpanEnd, endTime?: number): void;
}

/**
 * Port: where Quarry's spans go. {@link noTracing} when tracing is off (every call does nothing);
 * the OpenTelemetry SDK when `startTracing` found an OTLP endpoint.
 */
export interface Tracing {
  /** False for {@link noTracing}: callers may skip work whose only use is a span. */
  readonly enabled: boolean;
  startSpan(start: SpanStart): TraceSpan;
  /** `trace_id` and `span_id` of the active span, for a log line; empty when none is active. */
  logFields(): Readonly<Record<string, string>>;
  /** Sends the spans still buffered and stops; bounded by `timeoutMs` (then what is left is dropped). */
  shutdown(options?: { readonly timeoutMs?: number }): Promise<void>;
}
