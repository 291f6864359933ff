import { z } from 'zod';

/** Longest `trace.traceparent` a job may carry (W3C version 00 is 55 characters). */
export const MAX_JOB_TRACEPARENT_LENGTH = 256;
/** Longest `trace.tracestate` a job may carry (what W3C propagators must keep). */
export const MAX_JOB_TRACESTATE_LENGTH = 512;

/**
 * The producer's trace context (W3C Trace Context header values), put into the job by the client
 * when tracing is on. The contract checks the shape only; the worker reads `traceparent` by the W3C
 * rules and ignores a malformed one with a warning (the job runs, its span unlinked): tracing never
 * fails a job.
 */
export const JobTrace = z
  .strictObject({
    traceparent: z
      .string()
      .min(1, { error: 'must be a W3C traceparent, e.g. 00-<32 hex trace id>-<16 hex span id>-01' })
      .max(MAX_JOB_TRACEPARENT_LENGTH, {
        error: `must be at most ${MAX_JOB_TRACEPARENT_LENGTH} characters (a W3C traceparent)`,
      })
      .describe(
        'W3C traceparent of the producer span, e.g. 00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01.',
      ),
    tracestate: z
      .string()
      .max(MAX_JOB_TRACESTATE_LENGTH, {
        error: `must be at most ${MAX_JOB_TRACESTATE_LENGTH} characters (a W3C tracestate)`,
      })
      .optional()
      .describe('W3C tracestate of the producer span, passed on unchanged.'),
  })
  .describe(
    "The producer's trace context; the worker's job span links to it. A traceparent that is not W3C is ignored with a warning.",
  );
export type JobTrace = z.infer<typeof JobTrace>;
