import type { AttemptRecord } from '../attempts/attempt-record';
import { costOf } from '../cost/cost-of';
import type { Issue } from '../issues/issue';
import type { ModelResponse } from '../model/model-response';
import type { OutputStrategy } from '../model/output-strategy';
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
  readonly settings: Pick<ExtractSettings, 'modelId' | 'rawOutputCapBytes' | 'models'>;
  readonly now: () => number;
  /** Receives `unknown_model_price` when the reply's model has no price. */
  readonly onWarning: (warning: ExtractWarning) => void;
  /** What the attempt answers (see `StoredAttemptsOptions.inputHash`); stored when given. */
  readonly inputHash?: string;
}

/**
 * The stored record of one reply: raw output capped at `settings.rawOutputCapBytes`, its issues,
 * usage and cost. The model is the one the reply names, else `settings.modelId`.
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
    costUsd: costOf({
      usage: response.usage,
      model,
      models: settings.models,
      onWarning: options.onWarning,
    }),
    ...(options.inputHash !== undefined ? { inputHash: options.inputHash } : {}),
  };
}
