import { textVar, urlVar } from '@quarry/env';
import { z } from 'zod';

const samplers = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

const ratioForm = 'a number from 0 to 1';

/**
 * Zod schemas of the standard OpenTelemetry variables a traced program reads, for its environment
 * schema. Tracing is on when `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`
 * is set; the SDK reads them (and the other `OTEL_*` variables, e.g. `OTEL_EXPORTER_OTLP_HEADERS`,
 * `OTEL_RESOURCE_ATTRIBUTES`, `OTEL_BSP_*`) itself.
 */
export const tracingEnv = {
  OTEL_EXPORTER_OTLP_ENDPOINT: urlVar(['http:', 'https:'], 'http://127.0.0.1:4318').optional().meta({
    description:
      'OTLP/HTTP endpoint spans are sent to (`/v1/traces` is appended). Set, tracing is on: a span per job run, per attempt and per model call.',
    whenUnset: 'unset (tracing off, the SDK not loaded)',
  }),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: urlVar(['http:', 'https:'], 'http://127.0.0.1:4318/v1/traces')
    .optional()
    .meta({
      description:
        'The full URL spans are sent to; wins over `OTEL_EXPORTER_OTLP_ENDPOINT` and turns tracing on too.',
      whenUnset: 'unset',
    }),
  OTEL_SERVICE_NAME: textVar('a service name, e.g. quarry-worker').optional().meta({
    description: 'The `service.name` of the spans.',
    whenUnset: "the program's name, e.g. quarry-worker",
  }),
  OTEL_TRACES_SAMPLER: z
    .string()
    .trim()
    .pipe(z.enum(samplers, { error: `one of ${samplers.join(', ')}` }))
    .optional()
    .meta({
      description: 'Which traces are recorded (the OpenTelemetry sampler names).',
      whenUnset: 'parentbased_always_on',
    }),
  OTEL_TRACES_SAMPLER_ARG: z
    .string()
    .trim()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, { error: ratioForm })
    .transform(Number)
    .optional()
    .meta({ type: ratioForm, description: 'The ratio of the `traceidratio` samplers.', whenUnset: '1' }),
};

/** Whether the environment turns tracing on: an OTLP traces endpoint is set (and `OTEL_SDK_DISABLED` is not true). */
export function tracingWanted(env: Readonly<Record<string, string | undefined>>): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}
