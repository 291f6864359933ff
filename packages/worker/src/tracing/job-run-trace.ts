import {
  type AttemptRecord,
  type Lesson,
  type ModelRequest,
  type ModelResponse,
  uniqueSignatures,
} from '@quarry/core';
import {
  noTracing,
  parseTraceparent,
  type SpanEnd,
  type SpanLink,
  type Traceparent,
  type TraceSpan,
  type Tracing,
} from '@quarry/tracing';
import type { Logger } from 'pino';

/** Options of {@link JobRunTrace.start}. */
export interface JobRunTraceOptions {
  readonly tracing: Tracing;
  readonly jobId: string;
  /** The job's data as read from the queue (not yet checked against the contract). */
  readonly data: unknown;
  /** Which start of the job this run is (BullMQ's `attemptsStarted`). */
  readonly run: number;
  readonly queueName: string;
  /** The span context of the job's first run, when this run is a later one: its job span links to it too. */
  readonly firstRun?: Traceparent | null;
  readonly log: Logger;
}

/** The producer's trace context in job data, as given (the contract checked its shape, not its content). */
function producerTrace(data: unknown): { traceparent: unknown; tracestate: unknown } | undefined {
  if (typeof data !== 'object' || data === null || !('trace' in data)) return undefined;
  const trace = data.trace;
  if (typeof trace !== 'object' || trace === null) return undefined;
  return {
    traceparent: 'traceparent' in trace ? trace.traceparent : undefined,
    tracestate: 'tracestate' in trace ? trace.tracestate : undefined,
  };
}

/**
 * The link from a job span to its producer's span, or none. A `traceparent` that is not W3C is
 * ignored with a warning: tracing never fails a job.
 */
function producerLink(data: unknown, log: Logger): SpanLink[] {
  const trace = producerTrace(data);
  if (!trace) return [];
  const context = typeof trace.traceparent === 'string' ? parseTraceparent(trace.traceparent) : null;
  if (!context) {
    log.warn(
      { code: 'invalid_traceparent' },
      "job's trace.traceparent is not a W3C traceparent; the job span is not linked to its producer",
    );
    return [];
  }
  return [
    {
      context,
      ...(typeof trace.tracestate === 'string' && trace.tracestate ? { tracestate: trace.tracestate } : {}),
      attributes: { 'quarry.link': 'producer' },
    },
  ];
}

/** Summary of what grounding found in an attempt: its values by status, or `none` when it was not grounded. */
function groundingOutcome(record: AttemptRecord): string {
  const fields = record.groundingFields;
  if (!fields) return 'none';
  if (fields.length === 0) return 'empty';
  const counts = new Map<string, number>();
  for (const field of fields) counts.set(field.status, (counts.get(field.status) ?? 0) + 1);
  return [...counts].map(([status, count]) => `${status}:${count}`).join(',');
}

/**
 * The spans of one run of a job: `quarry.job`, a root span (each run, a retry included, starts a
 * trace of its own) linked to the producer's span and, for a later run, to the first run's job span
 * (`quarry.link` `first_run`); under it a `quarry.attempt` span per attempt,
 * opened by the attempt's first model call and closed with its saved record; under that a
 * `chat <model>` span per model call with the OpenTelemetry GenAI attributes. With tracing off
 * every method returns at once.
 */
export class JobRunTrace {
  readonly #tracing: Tracing;
  readonly #job: TraceSpan;
  readonly #attempts = new Map<number, TraceSpan>();
  #lessons: readonly string[] = [];

  private constructor(tracing: Tracing, job: TraceSpan) {
    this.#tracing = tracing;
    this.#job = job;
  }

  /** A trace that records nothing. */
  static readonly off = new JobRunTrace(noTracing, noTracing.startSpan({ name: 'quarry.job' }));

  /** Starts the job span of one run. */
  static start(options: JobRunTraceOptions): JobRunTrace {
    const { tracing } = options;
    if (!tracing.enabled) return JobRunTrace.off;
    const span = tracing.startSpan({
      name: 'quarry.job',
      kind: 'consumer',
      parent: 'root',
      links: [
        ...producerLink(options.data, options.log),
        ...(options.firstRun
          ? [{ context: options.firstRun, attributes: { 'quarry.link': 'first_run' } }]
          : []),
      ],
      attributes: {
        'messaging.system': 'bullmq',
        'messaging.operation.type': 'process',
        'messaging.destination.name': options.queueName,
        'messaging.message.id': options.jobId,
        'quarry.job.id': options.jobId,
        'quarry.job.run': options.run,
      },
    });
    return new JobRunTrace(tracing, span);
  }

  /** The job span. */
  get span(): TraceSpan {
    return this.#job;
  }

  /** Names the job's workflow, lane and the lessons it is shown (their signatures) on the job span. */
  describe(options: {
    readonly workflow: string;
    readonly version: number;
    readonly lane?: string;
    readonly lessons?: readonly Lesson[];
  }): void {
    if (!this.#tracing.enabled) return;
    if (options.lessons) this.#lessons = options.lessons.map((lesson) => lesson.signature);
    this.#job.setAttributes({
      'quarry.workflow': options.workflow,
      'quarry.workflow.version': options.version,
      'quarry.lane': options.lane,
      ...(options.lessons ? { 'quarry.lessons.shown': this.#lessons } : {}),
    });
  }

  #attempt(n: number, startTime?: number): TraceSpan {
    const open = this.#attempts.get(n);
    if (open) return open;
    const span = this.#tracing.startSpan({
      name: 'quarry.attempt',
      parent: this.#job,
      attributes: { 'quarry.attempt.number': n },
      ...(startTime !== undefined ? { startTime } : {}),
    });
    this.#attempts.set(n, span);
    return span;
  }

  /** Starts the span of a model call of attempt `attempt` (under that attempt's span). */
  modelCall(request: ModelRequest, attempt: number | undefined): TraceSpan {
    if (!this.#tracing.enabled) return this.#job;
    const parent = attempt === undefined ? this.#job : this.#attempt(attempt);
    return this.#tracing.startSpan({
      name: `chat ${request.model}`,
      kind: 'client',
      parent,
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.system': 'anthropic',
        'gen_ai.provider.name': 'anthropic',
        'gen_ai.request.model': request.model,
        'gen_ai.request.max_tokens': request.maxTokens,
        'quarry.attempt.number': attempt,
      },
    });
  }

  /** Ends the attempt's span with what its saved record says: outcome, issues, lane, grounding, cost, lessons. */
  attempt(record: AttemptRecord): void {
    if (!this.#tracing.enabled) return;
    const started = Date.parse(record.startedAt);
    const span = this.#attempt(record.n, Number.isFinite(started) ? started : undefined);
    span.setAttributes({
      'quarry.attempt.outcome': record.issues.length === 0 ? 'valid' : 'invalid',
      'quarry.attempt.issues': record.issues.length,
      'quarry.attempt.signatures': uniqueSignatures(record.issues),
      'quarry.lane': record.lane ?? 'realtime',
      'quarry.lane.promotion': record.lanePromotion?.reason,
      'quarry.grounding.outcome': groundingOutcome(record),
      'quarry.cost_usd': record.costUsd ?? undefined,
      'quarry.lessons.shown': this.#lessons,
      'gen_ai.request.model': record.model,
      'gen_ai.response.finish_reasons': record.stopReason ? [record.stopReason] : undefined,
      'quarry.climb': record.climb ?? undefined,
    });
    span.end({ status: record.issues.length === 0 ? 'ok' : 'unset' });
    this.#attempts.delete(record.n);
  }

  /** Ends the job span (and any attempt span its run left open, e.g. one parked in the batch lane or cut off). */
  end(end: SpanEnd): void {
    if (!this.#tracing.enabled) return;
    for (const span of this.#attempts.values()) span.end(end.status === 'error' ? end : undefined);
    this.#attempts.clear();
    this.#job.end(end);
  }
}

/** The GenAI attributes of a model call's response. */
export function responseAttributes(response: ModelResponse) {
  return {
    'gen_ai.response.model': response.model,
    'gen_ai.response.id': response.messageId ?? undefined,
    'gen_ai.response.finish_reasons': response.stopReason ? [response.stopReason] : undefined,
    'gen_ai.usage.input_tokens': response.usage.inputTokens,
    'gen_ai.usage.output_tokens': response.usage.outputTokens,
    'gen_ai.usage.cache_read.input_tokens': response.usage.cacheReadInputTokens,
    'gen_ai.usage.cache_creation.input_tokens': response.usage.cacheCreationInputTokens,
    'quarry.lane': response.lane ?? 'realtime',
    'quarry.lane.promotion': response.lanePromotion?.reason,
    'quarry.batch.id': response.batchId,
  };
}
