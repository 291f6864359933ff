import type { z } from 'zod';
import type { AttemptRecord } from '../attempts/attempt-record';
import { type ExhaustedKind, ExtractionExhaustedError } from '../errors/extraction-exhausted-error';
import { RuleCheckError } from '../errors/rule-check-error';
import type { Issue } from '../issues/issue';
import { ruleErrorIssue } from '../issues/rule-error-issue';
import type { ClimbReason } from '../ladder/climb-reason';
import type { ModelResponse } from '../model/model-response';
import type { Effort } from '../models/model-spec';
import { toolNameFor } from '../request/tool-name-for';
import { readReply } from '../validation/read-reply';
import { type ReplyValidation, validateReply } from '../validation/validate-reply';
import type { AnyWorkflow } from '../workflow/define-workflow';
import { attemptTotals } from './attempt-totals';
import { type BuildAttemptRecordOptions, buildAttemptRecord } from './build-attempt-record';
import { type ExtractSettings, resolveExtractSettings } from './extract-defaults';
import type { ExtractOptions, ExtractWarning, StoredAttemptsOptions } from './extract-options';
import type { ExtractionResult } from './extraction-result';
import { nextMaxTokens } from './next-max-tokens';
import { type NextCall, planNextCall } from './plan-next-call';
import { rejection } from './rejection';
import { noTextLayerReason, replyGrounding } from './reply-grounding';
import { reportToHistory } from './report-to-history';
import { resumeFromStoredAttempts, type ValidReply } from './resume-from-stored-attempts';
import { successfulResult } from './successful-result';
import { warnOncePerModel } from './warn-once-per-model';

type Result<W extends AnyWorkflow> = ExtractionResult<z.output<W['output']>>;
type SavedAttempt = Pick<
  BuildAttemptRecordOptions,
  'rawOutput' | 'toolCallId' | 'issues' | 'response' | 'started' | 'effort' | 'provenance' | 'groundingFields'
>;

/**
 * The state of one {@link extract} call: the attempts so far, the rung of the model ladder, the
 * reply that failed last and the `max_tokens` of the next call. `extract` reads as the loop; this
 * holds the steps of it, each a method: resume, plan the next call, judge a reply, and build the
 * result or the error that ends the run.
 */
export class ExtractionRun<W extends AnyWorkflow> {
  readonly settings: ExtractSettings;
  readonly now: () => number;
  readonly #options: ExtractOptions<W>;
  readonly #startedMs: number;
  readonly #toolName: string;
  readonly #onWarning: (warning: ExtractWarning) => void;
  readonly #warnOnce: (warning: ExtractWarning) => void;
  readonly #grounding: Extract<ReturnType<typeof replyGrounding>, { grounder: unknown }> | undefined;
  readonly #unchecked: readonly string[];
  readonly #records: AttemptRecord[] = [];
  #used = 0;
  #failed: AttemptRecord | null = null;
  #maxTokens: number;
  #rung = 0;
  #climb: ClimbReason | null = null;

  constructor(options: ExtractOptions<W>) {
    this.#options = options;
    this.settings = resolveExtractSettings(options);
    this.now = options.now ?? Date.now;
    this.#startedMs = this.now();
    this.#onWarning = options.onWarning ?? (() => {});
    this.#warnOnce = warnOncePerModel(this.#onWarning);
    this.#toolName = toolNameFor(options.workflow);
    this.#maxTokens = this.settings.maxTokens;
    const { workflow, input, grounder, document, locale } = options;
    const plan = replyGrounding({ workflow, input, grounder, onWarning: this.#onWarning, document, locale });
    this.#grounding = plan && 'grounder' in plan ? plan : undefined;
    this.#unchecked = plan && 'noTextLayer' in plan ? [noTextLayerReason] : [];
  }

  /** Attempts made so far (stored ones included). */
  get used(): number {
    return this.#used;
  }

  /** Takes up after the job's stored attempts: their result, their rejection, or nothing to end on. */
  async resume(attempts: StoredAttemptsOptions): Promise<Result<W> | undefined> {
    if (attempts.firstRun) return undefined;
    const { workflow, input } = this.#options;
    const resumed = await resumeFromStoredAttempts({
      attempts,
      workflow,
      input,
      toolName: this.#toolName,
      onWarning: this.#onWarning,
      ...(this.#grounding ? { grounding: this.#grounding } : {}),
    });
    this.#records.push(...resumed.records);
    this.#used = resumed.used;
    const last = this.#records.at(-1);
    if (last) this.#maxTokens = nextMaxTokens(last, this.settings);
    switch (resumed.next.outcome) {
      case 'valid':
        return this.#succeed(resumed.next);
      case 'refused':
        throw this.#rejected('refused', resumed.next.issues);
      case 'fatal':
        throw this.#rejected('fatal_rule', resumed.next.issues);
      case 'ask':
        this.#failed = resumed.next.failed;
        return undefined;
    }
  }

  /**
   * The next call on the ladder, or the error that ends the run: out of attempts, no progress, or
   * over the budget.
   */
  nextCall(): NextCall {
    const plan = planNextCall({
      options: this.#options,
      settings: this.settings,
      records: this.#records,
      failed: this.#failed,
      used: this.#used,
      maxTokens: this.#maxTokens,
      grounder: this.#grounding?.grounder ?? null,
    });
    switch (plan.action) {
      case 'exhausted':
        throw this.#exhausted(plan.kind, plan.message);
      case 'call':
        this.#rung = plan.rung;
        this.#climb = plan.climb;
        return plan.call;
    }
  }

  /**
   * Validates a reply, saves it as an attempt before anything else may happen, and ends the run on a
   * valid reply (its result) or a rejection (thrown); an invalid one is reported to the error history
   * and becomes the feedback of the next call (undefined is returned).
   */
  async judge(reply: { response: ModelResponse; started: number; effort: Effort | null }) {
    const { response, started, effort } = reply;
    this.#used += 1;
    const validation = await this.#validate(reply);
    const record = await this.#saveAttempt({
      rawOutput: validation.rawOutput,
      toolCallId: validation.toolCallId,
      issues: validation.outcome === 'valid' ? [] : validation.issues,
      ...(validation.provenance ? { provenance: validation.provenance } : {}),
      ...(validation.groundingFields ? { groundingFields: validation.groundingFields } : {}),
      response,
      started,
      effort,
    });
    switch (validation.outcome) {
      case 'valid':
        return this.#succeed(validation);
      case 'refused':
        throw this.#rejected('refused', validation.issues);
      case 'fatal':
        throw this.#rejected('fatal_rule', validation.issues);
      case 'invalid': {
        const { history, workflow, lessons = [] } = this.#options;
        const issues = validation.issues;
        const attempt = this.#used;
        await reportToHistory({ history, issues, lessons, attempt, workflow, onWarning: this.#onWarning });
        this.#failed = record;
        this.#maxTokens = nextMaxTokens(record, this.settings);
        return undefined;
      }
    }
  }

  /** A rule that throws saves the reply first: a retried job checks it again instead of paying for it again. */
  async #validate(reply: { response: ModelResponse; started: number; effort: Effort | null }) {
    const { workflow, input } = this.#options;
    const strategy = this.settings.strategy;
    try {
      const grounding = this.#grounding ? { grounding: this.#grounding } : {};
      const validation: ReplyValidation = await validateReply({
        response: reply.response,
        workflow,
        input,
        strategy,
        toolName: this.#toolName,
        ...grounding,
      });
      return validation;
    } catch (error) {
      if (!(error instanceof RuleCheckError)) throw error;
      const reading = readReply(reply.response, strategy, this.#toolName);
      await this.#saveAttempt({ ...reading, issues: [ruleErrorIssue(error)], ...reply });
      throw error;
    }
  }

  /** Builds the record of one reply and saves it before anything else may happen. */
  async #saveAttempt(attempt: SavedAttempt): Promise<AttemptRecord> {
    const { settings } = this;
    const stored = this.#options.attempts;
    // `n` leads: on Node 20 each key added after a leading spread costs about half a microsecond (V8 issue 11536).
    const record = buildAttemptRecord({
      n: this.#used,
      ...attempt,
      strategy: settings.strategy,
      maxTokens: this.#maxTokens,
      settings: {
        modelId: settings.ladder[this.#rung]?.modelId ?? settings.modelId,
        rawOutputCapBytes: settings.rawOutputCapBytes,
        models: settings.models,
      },
      climb: this.#climb,
      now: this.now,
      onWarning: this.#warnOnce,
      inputHash: stored?.inputHash,
    });
    if (stored) {
      // On a first run nothing was loaded: the first save clears what another input's job may have left.
      const replace = stored.firstRun === true && this.#records.length === 0;
      const { discarded } = await stored.store.append(stored.jobKey, record, { replace });
      if (discarded > 0) {
        this.#onWarning({
          code: 'stored_attempts_mismatch',
          message: `${discarded} stored attempts of job ${stored.jobKey} answer another input (left there before the job's first run); they were discarded`,
        });
      }
    }
    this.#records.push(record);
    this.#options.onAttempt?.(record);
    return record;
  }

  #succeed(valid: ValidReply): Result<W> {
    return successfulResult({
      workflow: this.#options.workflow,
      valid,
      records: this.#records,
      used: this.#used,
      modelId: this.settings.modelId,
      durationMs: Math.max(0, this.now() - this.#startedMs),
      grounder: this.#grounding?.grounder,
      pageStarts: this.#grounding?.pageStarts,
      unchecked: this.#unchecked,
    });
  }

  #exhausted(kind: ExhaustedKind, message: string): ExtractionExhaustedError {
    const records = [...this.#records];
    const lastIssues = this.#failed?.issues ?? [];
    return new ExtractionExhaustedError({ kind, message, records, lastIssues, ...attemptTotals(records) });
  }

  #rejected(kind: 'refused' | 'fatal_rule', issues: readonly Issue[]) {
    return rejection({ kind, workflow: this.#options.workflow, records: this.#records, issues });
  }
}
