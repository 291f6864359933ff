import { z } from 'zod';

const count = z.int().min(0).max(1e12);
/** US dollars; finite (zod refuses NaN and ±Infinity). */
const usd = z.number().min(0).max(1e6);
/** Model calls of one job (every attempt with every model of its ladder). */
const modelCalls = z.int().min(0).max(100_000);

/** Tokens of an item's model calls: input, output (thinking included), cache reads and cache writes. */
export const EvalTokens = z.object({ input: count, output: count, cacheRead: count, cacheWrite: count });
export type EvalTokens = z.infer<typeof EvalTokens>;

/**
 * A dead-letter reason kind (`DlqReasonKind` of the queue: `validation_exhausted`, `refused`,
 * `stalled`…): lower-case letters and underscores, so that a kind added later still reads.
 */
export const EvalReasonKind = z.string().regex(/^[a-z][a-z_]{0,63}$/, {
  error: 'must be a dead-letter reason kind (lower-case letters and underscores)',
});

/**
 * What running one item as an extraction job came to (what the `runItem` port of `runEvaluation`
 * resolves to):
 * - `completed`: the job's result: `data` (the output), whether it needs review and why,
 *   `modelCalls` (model calls made, every attempt counted), whether the first call's reply was valid,
 *   its cost, tokens and wall time from enqueue to result;
 * - `dead_lettered`: the job's dead-letter reason (kind and message), model calls, cost and tokens;
 * - `failed`: no outcome could be had (the job could not be enqueued, or no result came in time);
 *   `message` says why. Its cost is unknown.
 */
export const EvalItemOutcome = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('completed'),
    data: z.unknown(),
    needsReview: z.boolean(),
    reviewReasons: z.array(z.string()).max(10_000),
    modelCalls,
    firstAttemptValid: z.boolean(),
    costUsd: usd,
    tokens: EvalTokens,
    wallMs: z.number().min(0).max(1e12),
  }),
  z.object({
    kind: z.literal('dead_lettered'),
    reason: z.object({ kind: EvalReasonKind, message: z.string() }),
    modelCalls,
    costUsd: usd,
    tokens: EvalTokens,
  }),
  z.object({ kind: z.literal('failed'), message: z.string() }),
]);
export type EvalItemOutcome = z.infer<typeof EvalItemOutcome>;
