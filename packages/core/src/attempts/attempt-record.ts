import { z } from 'zod';
import { FieldOutcome } from '../grounding/field-outcome';
import { Provenance } from '../grounding/provenance';
import { Issue } from '../issues/issue';
import { ClimbReason } from '../ladder/climb-reason';
import { Lane, LanePromotion } from '../lane/lane';
import { CacheMissReason } from '../model/cache-miss-reason';
import { OutputStrategy } from '../model/output-strategy';
import { RefusalCategory } from '../model/refusal-category';
import { Usage } from '../model/usage';
import { Effort } from '../models/model-spec';

/**
 * What one model call produced and what was wrong with it. Saved through the
 * attempt store after every attempt, before the next call, so a resumed job never pays twice.
 */
export const AttemptRecord = z.object({
  /** 1-based attempt number within the job (across job attempts). */
  n: z.number().int().positive(),
  startedAt: z.string(),
  durationMs: z.number().nonnegative(),
  model: z.string(),
  strategy: OutputStrategy,
  maxTokens: z.number().int().positive(),
  stopReason: z.string().nullable(),
  requestId: z.string().nullable(),
  /** The reply's text (structured) or tool input as JSON (tool), capped. */
  rawOutput: z.string(),
  /** True when `rawOutput` was cut at the cap. */
  rawOutputTruncated: z.boolean(),
  /** Id of the tool call, when the strategy is `tool` and the model called it. */
  toolCallId: z.string().nullable(),
  /** Empty when the attempt was valid. */
  issues: z.array(Issue),
  usage: Usage,
  /** Null when the model has no known price. */
  costUsd: z.number().nullable(),
  /** `output_config.effort` sent; null when none was (the model takes none). Absent in older records. */
  effort: Effort.nullable().optional(),
  /** The provider's message id, sent by the next attempt for cache diagnostics. */
  messageId: z.string().nullable().optional(),
  /** The category a refusal named; null when the reply was no refusal or named none. */
  refusalCategory: RefusalCategory.nullable().optional(),
  /** Why the prompt cache missed the previous attempt's prefix, as the API diagnosed it; null when it did not. */
  cacheMissReason: CacheMissReason.nullable().optional(),
  /** The model asked for when a server-side fallback answered (`model` then names the fallback). */
  fallbackFrom: z.string().nullable().optional(),
  /**
   * Why this attempt was asked of a stronger model of the workflow's ladder than the one before;
   * absent (or null) when it was not.
   */
  climb: ClimbReason.nullable().optional(),
  /**
   * Identifies what the attempt answered (a hash of workflow, version and input, made by the caller).
   * A resumed job discards stored attempts whose hash is not its own. Absent in records written
   * before it existed.
   */
  inputHash: z.string().min(1).optional(),
  /** The lane that answered the attempt (its price follows it). Absent in older records: `realtime`. */
  lane: Lane.optional(),
  /** Set when a batch-lane attempt went to the realtime lane instead (e.g. its job's deadline neared). */
  lanePromotion: LanePromotion.nullable().optional(),
  /** Where the reply's quotes were found in the document; present when the reply was grounded. */
  provenance: Provenance.optional(),
  /** What grounding found for each value of the reply (the input of field confidence); present when it was grounded. */
  groundingFields: z.array(FieldOutcome).optional(),
});
export type AttemptRecord = z.infer<typeof AttemptRecord>;
