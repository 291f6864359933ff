import { describe, expect, it } from 'vitest';
import { noTracing } from './no-tracing';
import { startTracing } from './start-tracing';
import { tracingWanted } from './tracing-env';

describe('startTracing', () => {
  it('returns noTracing when no OTLP endpoint is set', async () => {
    expect(await startTracing({ serviceName: 'quarry-test', env: {} })).toBe(noTracing);
    expect(noTracing.startSpan({ name: 'x' }).context).toBeNull();
    expect(noTracing.logFields()).toEqual({});
  });

  it('is wanted with either endpoint variable, unless the SDK is disabled', () => {
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(
      true,
    );
    expect(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(
      tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBe(false);
  });
});
