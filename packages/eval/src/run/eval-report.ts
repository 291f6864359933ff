import { Lane } from '@quarry/core';
import { z } from 'zod';
import { FieldScore, ScoreDifference, ScoreMetrics } from '../extraction-score';
import { WorkflowRef } from '../labelled/workflow-ref';
import { ScoringOptions } from '../scoring-options';
import { EvalReasonKind, EvalTokens } from './eval-item-outcome';
import { EvalKeptOutput } from './eval-kept-output';

const count = z.int().min(0);
const ratio = z.number().min(0).max(1);
const usd = z.number().min(0);
const ms = z.number().min(0);

/** What a run is of, as the caller names it (`runEvaluation`'s `run`). */
export const EvalRunInput = z.object({
  /** The run's own id (1 to 128 characters). */
  runId: z.string().min(1).max(128),
  /** The labelled set's name: letters, digits, `-`, `_`, `.`, 1 to 64 characters. */
  set: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, {
    error: 'must be 1 to 64 letters, digits, -, _ or .',
  }),
  /** The workflow every item ran with, its version resolved. */
  workflow: WorkflowRef.extend({ version: z.int().min(1) }),
  /** The model asked for; null when the workflow's own models ran. */
  model: z.string().min(1).max(128).nullable(),
  /** The lane asked for; null when the workflow's own lane ran. */
  lane: Lane.nullable(),
  /** Whether the workflow's lessons were given to the model. */
  lessons: z.boolean(),
});
export type EvalRunInput = z.infer<typeof EvalRunInput>;

/** The run's metadata in its report: what it is of, how it was scored and run, and when. */
export const EvalRunInfo = EvalRunInput.extend({
  scoring: z.enum(['quarry', 'docubench']),
  /** The options of Quarry's scoring, defaults filled in. */
  scoringOptions: ScoringOptions,
  concurrency: z.int().min(1).max(64),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime(),
  wallMs: ms,
  /** The run was stopped before every item was launched (`summary.notRun` says how many were not). */
  aborted: z.boolean(),
});
export type EvalRunInfo = z.infer<typeof EvalRunInfo>;

/** An item's outcome as its report keeps it: without the output, messages cut to 500 characters. */
export const EvalItemOutcomeSummary = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('completed'),
    needsReview: z.boolean(),
    /** At most 20, each at most 300 characters. */
    reviewReasons: z.array(z.string()),
    firstAttemptValid: z.boolean(),
    wallMs: ms,
  }),
  z.object({
    kind: z.literal('dead_lettered'),
    reason: z.object({ kind: EvalReasonKind, message: z.string() }),
  }),
  z.object({ kind: z.literal('failed'), message: z.string() }),
]);
export type EvalItemOutcomeSummary = z.infer<typeof EvalItemOutcomeSummary>;

/**
 * One item of a run: its outcome, model calls, cost and tokens (null when `failed`: unknown), and its
 * score. A dead-lettered or failed item, and one whose output scoring refused (`unscorable` names
 * why), is scored as an empty output: every expected leaf a false negative. `differences` are the
 * first 50 (`differencesOmitted` counts the rest); `docubench` is the DocuBench `final` score when the
 * run is scored so. `extracted` is a completed item's output, kept up to a size (`EvalKeptOutput`);
 * null for an item with no output; absent from reports of version 1, which kept no outputs.
 */
export const EvalItemResult = z.object({
  id: z.string(),
  outcome: EvalItemOutcomeSummary,
  modelCalls: count.nullable(),
  costUsd: usd.nullable(),
  tokens: EvalTokens.nullable(),
  score: ScoreMetrics,
  differences: z.array(ScoreDifference),
  differencesOmitted: count,
  unscorable: z
    .enum(['not-json', 'too-deep', 'array-too-long', 'too-much-work', 'unscorable-schema'])
    .nullable(),
  docubench: ratio.nullable(),
  extracted: EvalKeptOutput.nullable().optional(),
});
export type EvalItemResult = z.infer<typeof EvalItemResult>;

/**
 * A run's figures:
 * - `items` given, `run` (launched and settled) and `notRun` (left when the run was aborted); of
 *   those run, `completed` (of which `needsReview`), `deadLettered` and `failed`;
 * - `overall` and `fields`: Quarry's scoring of every item run, counts summed (`summariseScores`);
 * - `docubench`: the mean DocuBench score of the items run (`averageDocubench`), when scored so;
 * - `firstAttemptValidShare`: of the completed items, the share whose first model call's reply was
 *   valid; `meanModelCalls`: model calls per completed or dead-lettered item; null when none;
 * - `costUsd` of the items whose cost is known, per such item, and per correct field (cost ÷ true
 *   positives; null when none); `tokens` summed; `meanItemWallMs` of the completed items.
 */
export const EvalSummary = z.object({
  items: count,
  run: count,
  notRun: count,
  completed: count,
  needsReview: count,
  deadLettered: count,
  failed: count,
  overall: ScoreMetrics,
  fields: z.array(FieldScore),
  docubench: ratio.nullable(),
  firstAttemptValidShare: ratio.nullable(),
  meanModelCalls: z.number().min(0).nullable(),
  costUsd: usd,
  costPerItemUsd: usd.nullable(),
  costPerCorrectFieldUsd: usd.nullable(),
  tokens: EvalTokens,
  meanItemWallMs: ms.nullable(),
});
export type EvalSummary = z.infer<typeof EvalSummary>;

/** The layout `runEvaluation` writes now (`reportVersion`). */
export const EVAL_REPORT_VERSION = 2;

/**
 * The report of an evaluation run (`runEvaluation`): `run` (metadata), `items` (in the order given)
 * and `summary`. JSON as it is; `reportVersion` names the layout: 2 keeps each completed item's output
 * (`extracted`, up to 64 KiB an item and 4 MiB a report); 1, the layout before, kept none and reads as
 * it is. Holds no document text; differences are paths.
 */
export const EvalReport = z.object({
  reportVersion: z.union([z.literal(1), z.literal(EVAL_REPORT_VERSION)]),
  run: EvalRunInfo,
  items: z.array(EvalItemResult),
  summary: EvalSummary,
});
export type EvalReport = z.infer<typeof EvalReport>;
