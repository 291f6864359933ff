import {
  type AnyWorkflow,
  type CorrectedOutputCheck,
  checkCorrectedOutput,
  correctedFields,
  correctionObservations,
  type HistoryStore,
  type LabelledItem,
  LabelledSetName,
  labelledDocumentOfInput,
  reviewedSetName,
  WorkflowNotFoundError,
  type WorkflowRegistry,
} from '@quarry/core';
import type { Queue } from 'bullmq';
import type { QuarryKeys } from './keys';
import { LabelledSetInputError } from './labelled-set-input-error';
import { LabelledSetLimitError } from './labelled-set-limit-error';
import { LabelledSetStore } from './labelled-set-store';
import { queueDefaults } from './queue-config';
import { readExtractionJob } from './read-extraction-job';
import type { RedisClient } from './redis-connection';
import { RedisHistoryStore } from './redis-history-store';
import { ReviewIndex } from './review-index';

/**
 * What a correction from review came to. Only `stored` wrote anything: the item in the set
 * `reviewed-<workflow>`, the review entry acknowledged, and (`history`) the corrected fields in the
 * workflow version's error history.
 */
export type ReviewCorrection =
  | {
      readonly type: 'stored';
      readonly set: string;
      readonly item: LabelledItem;
      /** True when the set held an item for this job already (it was replaced). */
      readonly replaced: boolean;
      /** Where the correction differs from the extracted output (concrete paths). */
      readonly correctedPaths: readonly string[];
      /** Whether the corrected fields reached the error history (`none`: nothing differed). */
      readonly history: 'recorded' | 'failed' | 'none';
    }
  | Exclude<CorrectedOutputCheck, { readonly type: 'valid' }>
  /** No such job: `waitingForReview` when its review entry stands but the job has left the queue (its document is unknown). */
  | { readonly type: 'job_missing'; readonly waitingForReview: boolean }
  | { readonly type: 'not_in_review' }
  | { readonly type: 'unknown_workflow'; readonly workflow: string; readonly version: number }
  | { readonly type: 'unsupported_document'; readonly problem: string }
  /** The set store refused the item (a full set, an oversize item, a workflow name too long for a set name). */
  | { readonly type: 'refused'; readonly problem: string };

/** Options of {@link ReviewCorrections}. */
export interface ReviewCorrectionsOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** The extraction queue the jobs are in (their data names the document). */
  readonly queue: Queue;
  /** The workflows whose output schemas corrections are checked against. */
  readonly registry: WorkflowRegistry;
  /** Where corrected fields are recorded. Default: the shared error history with `queueDefaults.history`. */
  readonly history?: HistoryStore;
  /** Items a set holds at most (the store's default otherwise). */
  readonly maxItems?: number;
  /** Clock in milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * Corrections from review (`quarry review correct`, the dashboard's Correct): a person gives the
 * correct output of a job waiting for review. It is checked (size, JSON, the job's workflow
 * version's output schema), stored as an item of the set `reviewed-<workflow>` (item id = job id,
 * the job's document by reference, `source` saying who corrected it when) while the review entry
 * is acknowledged in the same atomic step, and each corrected field is recorded in the workflow
 * version's error history (`review:<path>:corrected`), so later jobs are told of it as a lesson.
 */
export class ReviewCorrections {
  readonly #options: ReviewCorrectionsOptions;
  readonly #review: ReviewIndex;
  readonly #sets: LabelledSetStore;
  readonly #history: HistoryStore;
  readonly #now: () => number;

  constructor(options: ReviewCorrectionsOptions) {
    const { redis, keys } = options;
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#review = new ReviewIndex({ redis, keys });
    this.#sets = new LabelledSetStore({
      redis,
      keys,
      now: this.#now,
      ...(options.maxItems === undefined ? {} : { maxItems: options.maxItems }),
    });
    this.#history =
      options.history ??
      new RedisHistoryStore({
        redis,
        keys,
        maxSignatures: queueDefaults.history.maxSignatures,
        halfLifeMs: queueDefaults.history.halfLifeMs,
      });
  }

  /** Checks and stores one correction; every outcome but `stored` wrote nothing. */
  async correct(options: {
    readonly jobId: string;
    /** The corrected output as typed: JSON text. */
    readonly text: string;
    /** The dashboard user, or `cli`. */
    readonly correctedBy: string;
  }): Promise<ReviewCorrection> {
    const { jobId } = options;
    const { queue, registry } = this.#options;
    const entry = await this.#review.get(jobId);
    if (!entry) {
      const job = await readExtractionJob({ queue, jobId });
      return job ? { type: 'not_in_review' } : { type: 'job_missing', waitingForReview: false };
    }
    let workflow: AnyWorkflow;
    try {
      workflow = registry.get(entry.workflow, entry.version);
    } catch (error) {
      if (!(error instanceof WorkflowNotFoundError)) throw error;
      return { type: 'unknown_workflow', workflow: entry.workflow, version: entry.version };
    }
    const check = await checkCorrectedOutput({ workflow, text: options.text });
    if (check.type !== 'valid') return check;
    const job = await readExtractionJob({ queue, jobId });
    if (!job) return { type: 'job_missing', waitingForReview: true };
    const input = (job.data as { input?: unknown } | null)?.input;
    const document = labelledDocumentOfInput(input);
    if (document.type === 'unsupported') return { type: 'unsupported_document', problem: document.problem };
    const set = reviewedSetName(entry.workflow);
    if (!LabelledSetName.safeParse(set).success) {
      return { type: 'refused', problem: `the set name ${set} is longer than 64 characters` };
    }
    // The schema's output, as JSON would carry it (as the worker's result is).
    const expected: unknown = JSON.parse(JSON.stringify(check.data) ?? 'null');
    const item: LabelledItem = {
      id: jobId,
      document: document.document,
      expected: expected as LabelledItem['expected'],
      workflow: { name: entry.workflow, version: entry.version },
      tags: [],
      source: { jobId, correctedAt: new Date(this.#now()).toISOString(), correctedBy: options.correctedBy },
    };
    let put: Awaited<ReturnType<LabelledSetStore['put']>>;
    try {
      put = await this.#sets.put(set, item, { acknowledgeReview: jobId });
    } catch (error) {
      if (error instanceof LabelledSetLimitError || error instanceof LabelledSetInputError) {
        return { type: 'refused', problem: error.message };
      }
      throw error;
    }
    if (put.status === 'not_in_review') return { type: 'not_in_review' };
    const fields = correctedFields({ extracted: entry.data, expected });
    return {
      type: 'stored',
      set,
      item,
      replaced: put.status === 'replaced',
      correctedPaths: fields.map((field) => field.path),
      history: await this.#record(
        { workflow: entry.workflow, version: entry.version, scope: entry.historyScope },
        correctionObservations(fields),
      ),
    };
  }

  /** Records the corrected fields; a failed write is reported, not thrown (the correction is stored). */
  async #record(
    key: Parameters<HistoryStore['record']>[0],
    observations: Parameters<HistoryStore['record']>[1],
  ): Promise<'recorded' | 'failed' | 'none'> {
    if (observations.length === 0) return 'none';
    try {
      await this.#history.record(key, observations);
      return 'recorded';
    } catch {
      return 'failed';
    }
  }
}
