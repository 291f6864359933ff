import { z } from 'zod';
import { batchLimits } from './batch-wire';

const Rate = z.number().min(0).max(1);
const hourMs = 60 * 60 * 1000;

/** The kinds of entries a batch ends with other than the answer itself, drawn per entry. */
export const batchShareKinds = ['apiError', 'overloaded', 'invalidRequest', 'expired'] as const;
export type BatchShareKind = (typeof batchShareKinds)[number];

/**
 * Shares (0..1, adding up to at most 1) of batch entries that end `errored` with a retryable
 * `api_error` or `overloaded_error`, `errored` with a non-retryable `invalid_request_error`, or
 * `expired`; one seeded draw per entry (seed, the batch's number, its `custom_id`), so an entry
 * resubmitted in a later batch draws again. The model is not asked for these entries.
 */
export const BatchShares = z
  .object({
    apiError: Rate.default(0),
    overloaded: Rate.default(0),
    invalidRequest: Rate.default(0),
    expired: Rate.default(0),
  })
  .refine(
    (shares) => batchShareKinds.reduce((sum, kind) => sum + shares[kind], 0) <= 1,
    'the batch shares add up to more than 1',
  );

/**
 * The Message Batches API of the stand-in. A batch waits `delayMs`, then its entries are answered
 * in order exactly as `POST /v1/messages` would answer them (script or simulated model), and it
 * ends. A cancel moves it to `canceling` for `cancelDelayMs`, then it ends with the entries not
 * answered yet `canceled`. Memory is bounded: at most `maxBatches` batches and `maxStoredRequests`
 * entries (requests waiting or results) are kept; the oldest ended batches are dropped first to
 * make room, and a batch that still does not fit is refused with a 429 `rate_limit_error`.
 */
export const BatchOptions = z.object({
  /** Processing time of every batch, from creation to its end. Default 0, at most 24 h. */
  delayMs: z
    .number()
    .int()
    .nonnegative()
    .max(24 * hourMs)
    .default(0),
  /** Time a canceled batch spends `canceling` before it ends. Default 0, at most 1 h. */
  cancelDelayMs: z.number().int().nonnegative().max(hourMs).default(0),
  shares: BatchShares.prefault({}),
  /** Share (0..1) of creates whose response is dropped (connection reset) after the batch exists. */
  dropCreateResponse: Rate.default(0),
  /** Most requests in one batch (400 above); never above the API's 100,000. */
  maxRequests: z.number().int().min(1).max(batchLimits.maxRequests).default(batchLimits.maxRequests),
  /** Largest create body (413 above); never above the API's 256 MB. */
  maxBodyBytes: z.number().int().min(1).max(batchLimits.maxBodyBytes).default(batchLimits.maxBodyBytes),
  /** Batches kept in memory (ended ones are dropped oldest first). Default 1,000. */
  maxBatches: z.number().int().min(1).max(1_000_000).default(1000),
  /** Entries kept in memory over all kept batches. Default 200,000 (two batches of the largest size). */
  maxStoredRequests: z.number().int().min(1).max(100_000_000).default(200_000),
});
export type BatchOptions = z.input<typeof BatchOptions>;
export type ResolvedBatchOptions = z.output<typeof BatchOptions>;
