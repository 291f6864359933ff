export { noTracing } from './no-tracing';
export { type StartTracingOptions, startTracing } from './start-tracing';
export {
  formatTraceparent,
  MAX_TRACEPARENT_LENGTH,
  MAX_TRACESTATE_LENGTH,
  parseTraceparent,
  type Traceparent,
} from './traceparent';
export type {
  SpanAttributes,
  SpanAttributeValue,
  SpanEnd,
  SpanKind,
  SpanLink,
  SpanStart,
  TraceSpan,
  Tracing,
} from './tracing';
export { tracingEnv, tracingWanted } from './tracing-env';
