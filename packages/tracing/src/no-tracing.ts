import type { TraceSpan, Tracing } from './tracing';

const noSpan: TraceSpan = {
  context: null,
  tracestate: undefined,
  setAttributes: () => undefined,
  run: (fn) => fn(),
  end: () => undefined,
};

const noFields: Readonly<Record<string, string>> = Object.freeze({});

/** Tracing switched off: spans that record nothing, no log fields, nothing loaded. */
export const noTracing: Tracing = {
  enabled: false,
  startSpan: () => noSpan,
  logFields: () => noFields,
  shutdown: async () => undefined,
};
