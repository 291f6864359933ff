import { noTracing } from './no-tracing';
import type { Tracing } from './tracing';
import { tracingWanted } from './tracing-env';

/** Options of {@link startTracing}. */
export interface StartTracingOptions {
  /** `service.name` unless `OTEL_SERVICE_NAME` names another, e.g. `quarry-worker`. */
  readonly serviceName: string;
  /** Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Starts tracing from the standard OpenTelemetry environment. With neither
 * `OTEL_EXPORTER_OTLP_ENDPOINT` nor `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` set it returns
 * {@link noTracing} and loads nothing; with one, it loads the OpenTelemetry SDK, registers it as the
 * process's tracer provider (W3C context, async-local context manager) with a batching OTLP/HTTP
 * exporter, and returns the {@link Tracing} that writes to it. Sampler, resource attributes,
 * headers and export timeouts follow the other `OTEL_*` variables.
 */
export async function startTracing(options: StartTracingOptions): Promise<Tracing> {
  if (!tracingWanted(options.env ?? process.env)) return noTracing;
  const { startSdkTracing } = await import('./sdk-tracing');
  return startSdkTracing({ serviceName: options.serviceName });
}
