import { describe, expect, it } from 'vitest';
import { ExtractionExhaustedError } from '../errors/extraction-exhausted-error';
import { ExtractionRejectedError } from '../errors/extraction-rejected-error';
import { ModelTransportError } from '../errors/model-transport-error';
import { WorkflowNotFoundError } from '../errors/workflow-not-found-error';
import { emptyUsage } from '../model/usage';
import { BadDocumentError } from './bad-document-error';
import { BadPayloadError } from './bad-payload-error';
import { type DecideFailureOptions, decideFailure } from './decide-failure';
import { InvalidJobDataError } from './invalid-job-data-error';

const base: Omit<DecideFailureOptions, 'error'> = {
  jobAttemptsMade: 1,
  maxJobAttempts: 5,
  rateLimitBounces: 0,
  maxRateLimitBounces: 3,
  backoff: { baseMs: 2000, capMs: 60_000 },
  random: () => 0.5,
};

const decide = (error: unknown, overrides: Partial<DecideFailureOptions> = {}) =>
  decideFailure({ ...base, ...overrides, error });

const transport = (kind: ModelTransportError['kind'], retryAfterMs: number | null = null) =>
  new ModelTransportError({ kind, message: `${kind} failure`, status: 500, retryAfterMs });

describe('decideFailure', () => {
  it.each(['validation_exhausted', 'no_progress', 'budget_exhausted'] as const)(
    'dead-letters an exhausted extraction (%s) on the first job attempt',
    (kind) => {
      const error = new ExtractionExhaustedError({
        kind,
        message: `gave up: ${kind}`,
        records: [],
        lastIssues: [],
        usage: emptyUsage(),
        costUsd: 0,
      });
      expect(decide(error)).toEqual({ action: 'dead-letter', reason: { kind, message: `gave up: ${kind}` } });
    },
  );

  it.each(['refused', 'fatal_rule'] as const)('dead-letters a rejected extraction (%s)', (kind) => {
    const error = new ExtractionRejectedError({
      kind,
      message: 'no',
      records: [],
      issues: [],
      usage: emptyUsage(),
      costUsd: null,
    });
    expect(decide(error)).toEqual({ action: 'dead-letter', reason: { kind, message: 'no' } });
  });

  it('dead-letters a refusal with the category it named', () => {
    const error = new ExtractionRejectedError({
      kind: 'refused',
      message: 'The model refused to answer (cyber)',
      records: [],
      issues: [],
      usage: emptyUsage(),
      costUsd: 0,
      refusalCategory: 'cyber',
    });
    expect(decide(error)).toEqual({
      action: 'dead-letter',
      reason: { kind: 'refused', message: 'The model refused to answer (cyber)', refusalCategory: 'cyber' },
    });
  });

  it('dead-letters a permanent API error, invalid or unreadable job data and an unknown workflow', () => {
    expect(decide(transport('permanent'))).toEqual({
      action: 'dead-letter',
      reason: { kind: 'permanent', message: 'permanent failure' },
    });
    const invalid = new InvalidJobDataError({ message: 'bad job data', problems: ['input: required'] });
    expect(decide(invalid)).toEqual({
      action: 'dead-letter',
      reason: { kind: 'invalid_payload', message: 'bad job data' },
    });
    const unreadable = new BadPayloadError({ message: 'data: not valid JSON', fields: ['data'] });
    expect(decide(unreadable, { jobAttemptsMade: 1 })).toEqual({
      action: 'dead-letter',
      reason: { kind: 'bad_payload', message: 'data: not valid JSON' },
    });
    const unknown = new WorkflowNotFoundError({ workflow: 'nope', version: 2, knownVersions: [1] });
    expect(decide(unknown)).toMatchObject({ action: 'dead-letter', reason: { kind: 'unknown_workflow' } });
    for (const kind of ['bad_document', 'document_too_large'] as const) {
      expect(decide(new BadDocumentError({ kind, message: 'input.document: 10000 pages' }))).toEqual({
        action: 'dead-letter',
        reason: { kind, message: 'input.document: 10000 pages' },
      });
    }
  });

  it('retries a transient error with capped full-jitter exponential backoff', () => {
    const delays = [1, 2, 3, 4].map((jobAttemptsMade) => decide(transport('transient'), { jobAttemptsMade }));
    expect(delays.map((d) => (d.action === 'retry-later' ? d.delayMs : -1))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    const capped = decide(transport('transient'), {
      jobAttemptsMade: 9,
      maxJobAttempts: 20,
      random: () => 0.999,
    });
    expect(capped).toMatchObject({ action: 'retry-later', delayMs: 59_940 });
    expect(decide(transport('transient'), { random: () => 0 })).toMatchObject({ delayMs: 0 });
  });

  it('never retries sooner than retry-after, and jitter wins when it is longer', () => {
    expect(decide(transport('transient', 7000))).toEqual({
      action: 'retry-later',
      delayMs: 7000,
      reason: { kind: 'transient', message: 'transient failure' },
    });
    expect(decide(transport('transient', 10), { jobAttemptsMade: 3 })).toMatchObject({ delayMs: 4000 });
  });

  it('dead-letters transient_exhausted when the last job attempt failed', () => {
    expect(decide(transport('transient'), { jobAttemptsMade: 5 })).toEqual({
      action: 'dead-letter',
      reason: { kind: 'transient_exhausted', message: 'transient failure (5 of 5 job attempts used)' },
    });
  });

  it('pauses the queue for retry-after on a 429, with a default when the provider did not say', () => {
    expect(decide(transport('rate_limited', 2500))).toEqual({ action: 'pause-queue', delayMs: 2500 });
    expect(decide(transport('rate_limited'))).toEqual({ action: 'pause-queue', delayMs: 1000 });
    expect(decide(transport('rate_limited'), { rateLimitPauseMs: 300 })).toEqual({
      action: 'pause-queue',
      delayMs: 300,
    });
    expect(decide(transport('rate_limited', 100), { jobAttemptsMade: 5, rateLimitBounces: 2 })).toEqual({
      action: 'pause-queue',
      delayMs: 100,
    });
  });

  it('caps the queue pause at maxRetryAfterMs (default 60 s), saying what retry-after asked for', () => {
    // retry-after: 999999 (seconds) would otherwise stop every worker for 11 days.
    expect(decide(transport('rate_limited', 999_999_000))).toEqual({
      action: 'pause-queue',
      delayMs: 60_000,
      clampedFromMs: 999_999_000,
    });
    expect(decide(transport('rate_limited', 5000), { maxRetryAfterMs: 2000 })).toEqual({
      action: 'pause-queue',
      delayMs: 2000,
      clampedFromMs: 5000,
    });
    expect(decide(transport('rate_limited', 2000), { maxRetryAfterMs: 2000 })).toEqual({
      action: 'pause-queue',
      delayMs: 2000,
    });
  });

  it('row 55: pauses at least 1 ms (Redis refuses a pause of 0) when retry-after is 0', () => {
    expect(decide(transport('rate_limited', 0))).toEqual({ action: 'pause-queue', delayMs: 1 });
  });

  it('caps the retry-after honoured before retrying a transient failure the same way', () => {
    expect(decide(transport('transient', 999_999_000))).toEqual({
      action: 'retry-later',
      delayMs: 60_000,
      reason: { kind: 'transient', message: 'transient failure' },
      clampedFromMs: 999_999_000,
    });
    // Backoff longer than what retry-after asked: nothing was cut.
    const late = decide(transport('transient', 1500), { maxRetryAfterMs: 1000, random: () => 0.999 });
    expect(late).toEqual({
      action: 'retry-later',
      delayMs: 1998,
      reason: { kind: 'transient', message: 'transient failure' },
    });
  });

  it('treats a 429 as transient once the job bounced too often, then dead-letters rate_limit_loop', () => {
    expect(decide(transport('rate_limited', 100), { rateLimitBounces: 3 })).toEqual({
      action: 'retry-later',
      delayMs: 1000,
      reason: { kind: 'rate_limit_loop', message: 'rate_limited failure' },
    });
    expect(decide(transport('rate_limited'), { rateLimitBounces: 3, jobAttemptsMade: 5 })).toMatchObject({
      action: 'dead-letter',
      reason: { kind: 'rate_limit_loop' },
    });
  });

  it('retries an unknown error and dead-letters it unexpected when the attempts are used up', () => {
    expect(decide(new RangeError('boom'))).toEqual({
      action: 'retry-later',
      delayMs: 1000,
      reason: { kind: 'unexpected', message: 'RangeError: boom' },
    });
    expect(decide('a string', { jobAttemptsMade: 5 })).toEqual({
      action: 'dead-letter',
      reason: { kind: 'unexpected', message: 'Non-error thrown: a string (5 of 5 job attempts used)' },
    });
  });
});
