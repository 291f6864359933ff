import type { AttemptRecord } from '../attempts/attempt-record';
import type { FieldOutcome } from '../grounding/field-outcome';
import type { Provenance } from '../grounding/provenance';
import type { Issue } from '../issues/issue';
import type { ClimbReason } from '../ladder/climb-reason';
import type { ModelResponse } from '../model/model-response';
import type { OutputStrategy } from '../model/output-strategy';
import type { Effort } from '../models/model-spec';
import { attemptCost } from './attempt-cost';
import { capUtf8 } from './cap-utf8';
import type { ExtractSettings } from './extract-defaults';
import type { ExtractWarning } from './extract-options';

/** Options of {@link buildAttemptRecord}: one reply and how it was asked for. */
export interface BuildAttemptRecordOptions {
  /** Attempt number, from 1. */
  readonly n: number;
  readonly rawOutput: string;
  readonly toolCallId: string | null;
  readonly issues: readonly Issue[];
  readonly response: ModelResponse;
  /** When the model call started (ms since the epoch). */
  readonly started: number;
  readonly strategy: OutputStrategy;
  readonly maxTokens: number;
  /** `output_config.effort` sent with the call; null when none was. */
  readonly effort: Effort | null;
  /** Why the call went to a stronger model of the ladder than the attempt before; null: it did not. */
  readonly climb?: ClimbReason | null;
  readonly settings: Pick<ExtractSettings, 'modelId' | 'rawOutputCapBytes' | 'models'>;
  readonly now: () => number;
  /** Receives `unknown_model_price` when the reply's model has no price. */
  readonly onWarning: (warning: ExtractWarning) => void;
  /** What the attempt answers (see `StoredAttemptsOptions.inputHash`); stored when given. */
  readonly inputHash?: string;
  /** Where the reply's quotes are in the document; stored when the reply was grounded. */
  readonly provenance?: Provenance;
  /** What grounding found for each value; stored when the reply was grounded. */
  readonly groundingFields?: readonly FieldOutcome[];
}

/**
 * The stored record of one reply: raw output capped at `settings.rawOutputCapBytes`, its issues,
 * usage and cost, the effort it was asked at, its message id, refusal category and cache-miss
 * reason. The model is the one that answered (a fallback model, if one did), else `settings.modelId`,
 * and the reply is priced by the model(s) that served it.
 */
export function buildAttemptRecord(options: BuildAttemptRecordOptions): AttemptRecord {
  const { response, settings } = options;
  const model = response.model || settings.modelId;
  const raw = capUtf8(options.rawOutput, settings.rawOutputCapBytes);
  return {
    n: options.n,
    startedAt: new Date(options.started).toISOString(),
    durationMs: Math.max(0, options.now() - options.started),
    model,
    strategy: options.strategy,
    maxTokens: options.maxTokens,
    stopReason: response.stopReason,
    requestId: response.requestId,
    rawOutput: raw.text,
    rawOutputTruncated: raw.truncated,
    toolCallId: options.toolCallId,
    issues: [...options.issues],
    usage: response.usage,
    costUsd: attemptCost({ response, model, models: settings.models, onWarning: options.onWarning }),
    effort: options.effort,
    messageId: response.messageId ?? null,
    refusalCategory: response.refusalCategory ?? null,
    cacheMissReason: response.cacheMissReason ?? null,
    fallbackFrom: response.fallbackFrom ?? null,
    ...(options.climb ? { climb: options.climb } : {}),
    ...(options.inputHash !== undefined ? { inputHash: options.inputHash } : {}),
    lane: response.lane ?? 'realtime',
    lanePromotion: response.lanePromotion ?? null,
    ...(options.provenance !== undefined ? { provenance: options.provenance } : {}),
    ...(options.groundingFields !== undefined ? { groundingFields: [...options.groundingFields] } : {}),
  };
}
