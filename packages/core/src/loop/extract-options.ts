import type { z } from 'zod';
import type { AttemptRecord } from '../attempts/attempt-record';
import type { AttemptStore } from '../attempts/attempt-store';
import type { ResolvedDocument } from '../document/resolved-document';
import type { Grounder } from '../grounding/grounder';
import type { HistoryKey, HistoryStore } from '../history/history-store';
import type { Lesson } from '../history/lesson';
import type { ModelClient } from '../model/model-client';
import type { OutputStrategy } from '../model/output-strategy';
import type { Effort, ModelTable } from '../models/model-spec';
import type { CachePlacementPolicy, FirstAttemptHistory } from '../request/cache-placement';
import type { AnyWorkflow } from '../workflow/define-workflow';

/** A non-fatal condition the caller may want to log (the core does no I/O itself). */
export interface ExtractWarning {
  readonly code:
    | 'unknown_model_price'
    | 'stored_attempt_unreadable'
    | 'stored_attempts_mismatch'
    | 'history_write_failed'
    | 'grounding_unavailable';
  readonly message: string;
  readonly model?: string;
  /** The underlying error, when there was one. */
  readonly cause?: unknown;
}

/** Totals one job may spend over all its attempts; each a positive finite number when given. */
export interface ExtractBudget {
  /** Every token, cached or not, over every call (an integer). */
  readonly maxTotalTokens?: number;
  /** USD over every call; not enforced while some model's price is unknown. */
  readonly maxCostUsd?: number;
}

/** Where a job's attempts are saved and resumed from. */
export interface StoredAttemptsOptions {
  readonly store: AttemptStore;
  /** The job's key in the store: one per job generation, never reused for another job. */
  readonly jobKey: string;
  /**
   * Identifies what the job answers (e.g. a hash of workflow, version and input). Saved in every
   * record; stored attempts with another hash are discarded (`stored_attempts_mismatch`) and the job
   * starts afresh, so one job can never resume with another input's replies.
   */
  readonly inputHash: string;
  /**
   * True when no earlier run of this job can have saved an attempt (the queue counts this start as
   * the job's first): nothing is loaded, and the run's first save deletes the key's records that
   * answer another input (left by another job: `stored_attempts_mismatch`). Default false.
   */
  readonly firstRun?: boolean;
}

/** Options of {@link extract}. Defaults live in `extractDefaults`. */
export interface ExtractOptions<W extends AnyWorkflow = AnyWorkflow> {
  readonly workflow: W;
  /** Already validated against `workflow.input`. */
  readonly input: z.infer<W['input']>;
  readonly model: ModelClient;
  /** Model id when neither this call's `modelId` nor the workflow names one. */
  readonly modelId?: string;
  /** Recent frequent mistakes of this workflow, rendered after the cache breakpoint. */
  readonly lessons?: readonly Lesson[];
  /**
   * Where failed attempts report their issue signatures. `countsFirstAttempt`: the job is counted in
   * the lesson effects as shown the `lessons` (`LessonEffectStore.countLessonJobs`), so a failed first
   * attempt also counts its errors against them. Default false.
   */
  readonly history?: {
    readonly store: HistoryStore;
    readonly key: HistoryKey;
    readonly countsFirstAttempt?: boolean;
  };
  /**
   * Grounds every reply in the document (`createGrounder` of `@quarry/grounding`, made for this
   * workflow): the model is sent its output schema, the evidence is split off before validation and
   * checked after the rules. Null or absent: no grounding; a workflow whose `grounding` is on then
   * warns `grounding_unavailable` once and runs ungrounded.
   */
  readonly grounder?: Grounder | null;
  /**
   * The job's document (a PDF or an image) as resolved for requests: it leads the first turn. Its
   * text layer is what replies are grounded in when the input has no text; without one (an image, a
   * scan) grounding cannot check anything and the result is flagged for review (`no_text_layer`).
   */
  readonly document?: ResolvedDocument;
  /** Where attempts are saved (and resumed from). */
  readonly attempts?: StoredAttemptsOptions;
  /** Replies that count against the job. Default: workflow's, else 3. */
  readonly maxAttempts?: number;
  readonly strategy?: OutputStrategy;
  /**
   * This job's `output_config.effort`, for every attempt; wins over the workflow's `effort` (ladder
   * included). Sent only to models whose table entry has a default effort.
   */
  readonly effort?: Effort;
  /**
   * This job's locale (BCP 47, already validated), winning over the workflow's `locale`: grounding
   * reads a lone `.` or `,` before three digits by its decimal mark.
   */
  readonly locale?: string;
  /** First call's max_tokens. Default: workflow's, else 4096. */
  readonly maxTokens?: number;
  /** Ceiling for max_tokens when a truncated reply doubles it. Default 32768. */
  readonly maxTokensCap?: number;
  /** Stop before a call that would exceed these totals (kind `budget_exhausted`). */
  readonly budget?: ExtractBudget;
  /** Stop when two consecutive replies have the same output and the same issues. Default true. */
  readonly stopOnNoProgress?: boolean;
  /** Feedback lines before "and N more". Default 20. */
  readonly feedbackMaxLines?: number;
  /** Cap of a stored raw output, in bytes of UTF-8. Default 32 KiB. */
  readonly rawOutputCapBytes?: number;
  /**
   * The model table: prices, and the rules that shape each request (forced tool choice, effort,
   * thinking). Default `defaultModelTable`.
   */
  readonly models?: ModelTable;
  /**
   * The workflow version's recent first attempts, from which the cache placement judges whether a
   * retry is likely enough to write the document to the prompt cache. Absent or null: unknown (the
   * document is cached, as when too few first attempts are known).
   */
  readonly cacheHistory?: FirstAttemptHistory | null;
  /** Where cache breakpoints go. Default `by_cost` (see `decideCachePlacement`). */
  readonly cachePlacement?: CachePlacementPolicy;
  readonly signal?: AbortSignal;
  /** Called after each attempt is stored. */
  readonly onAttempt?: (record: AttemptRecord) => void;
  readonly onWarning?: (warning: ExtractWarning) => void;
  /** Clock, for tests. Default `Date.now`. */
  readonly now?: () => number;
}
