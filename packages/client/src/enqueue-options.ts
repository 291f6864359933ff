import type { Effort, Lane } from '@quarry/core';
import type {
  JobBudget,
  JobEvaluationInput,
  JobMetadata,
  JobOverrides,
  JobTrace,
  Lineage,
} from '@quarry/queue';

/** Options of one enqueue. */
export interface EnqueueOptions {
  /** Workflow version; default the latest registered (and it is pinned into the job). */
  readonly version?: number;
  /** The same key gives the same job, and no second one, within the idempotency retention window. */
  readonly idempotencyKey?: string;
  /**
   * The customer this job is for (letters, digits, `-`, `_`, `.`, at most 64; default `default`):
   * its place in the fair order, its concurrency cap and budget, and its costs are the tenant's.
   */
  readonly tenant?: string;
  /** Narrows the shared error history, e.g. to one tenant. */
  readonly historyScope?: string;
  /**
   * `output_config.effort` for every attempt of this job (`low` … `max`); wins over the workflow's
   * effort (ladder included). Sent only to models that take an effort; default the workflow's, else
   * the model's default from the model table.
   */
  readonly effort?: Effort;
  /**
   * The document's locale as a BCP 47 tag (`de-DE`, `en-US`, `ja-JP`); wins over the workflow's
   * `locale`. Grounding reads a lone `.` or `,` before three digits (`1.234`) by its decimal mark.
   */
  readonly locale?: string;
  /** Small flat object (≤ 4 KB as JSON) for your own bookkeeping; never sent to the model. */
  readonly metadata?: JobMetadata;
  readonly lineage?: Lineage;
  readonly overrides?: JobOverrides;
  /**
   * What the job may spend over all its model calls: `maxTokens` (1 to 100,000,000) and/or
   * `maxCostUsd` (> 0, at most 1000). The job is dead-lettered as `budget_exhausted` before a call
   * that would go over. A limit left out falls back to the worker's default (`JOB_MAX_COST_USD`).
   */
  readonly budget?: JobBudget;
  /**
   * `realtime` (one Messages API call per attempt) or `batch` (Message Batches: half price, answered
   * within hours, see docs/batch-lane.md). Default the workflow's lane, else the workers'
   * `QUARRY_DEFAULT_LANE`, else `realtime`.
   */
  readonly lane?: Lane;
  /**
   * When the result is needed, as an ISO 8601 date and time (`2026-01-31T18:00:00Z`). A batch-lane
   * attempt still waiting to be collected when the deadline comes within the workers'
   * `BATCH_DEADLINE_MARGIN_MS` is sent in the realtime lane instead.
   */
  readonly deadline?: string;
  /**
   * Makes the job one item of an evaluation run (what `quarry eval run` enqueues): `runId` (1-64
   * letters, digits, `-` or `_`), `itemId` (1-128 printable characters), `lessons` (`on`, the
   * default, or `off`). The job runs like any other, but reads and records its error history under
   * `eval:<runId>` (whatever `historyScope` says) and is shown none of it with `lessons: 'off'`; it is
   * never put in the review index nor counted in the workflow statistics. It dead-letters like any
   * job; its DLQ record keeps `evaluation`.
   */
  readonly evaluation?: JobEvaluationInput;
  /**
   * The trace context the job continues (W3C `traceparent`, optional `tracestate`), for a producer
   * that propagates one itself (the HTTP API passes its request's headers). The enqueue's producer
   * span is started as its child; without an OpenTelemetry SDK the job carries it unchanged.
   */
  readonly trace?: JobTrace;
}
