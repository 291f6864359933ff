import type { TokenPrices } from '../models/model-spec';

/**
 * How a workflow version's first attempts went recently (a window kept by the worker): how many
 * first attempts there were and how many of them failed (any reply that was not valid).
 */
export interface FirstAttemptHistory {
  readonly firstAttempts: number;
  readonly firstAttemptFailures: number;
}

/**
 * Where breakpoints go: `by_cost` (the default: the shared prefix when it can be cached, the
 * document when a retry is likely enough to pay for the write) or `after_document` (the placement
 * before it: one breakpoint after the document on every call, no minimum checked; kept to compare).
 */
export type CachePlacementPolicy = 'by_cost' | 'after_document';

/** Whether one breakpoint is placed, and why. */
export type BreakpointDecision =
  | {
      readonly place: true;
      readonly reason:
        | 'shared_prefix'
        | 'retry_likely'
        | 'no_history'
        | 'retry_under_way'
        | 'reads_earlier_write'
        | 'policy';
    }
  | {
      readonly place: false;
      readonly reason: 'below_minimum' | 'retry_unlikely' | 'no_retry_left' | 'policy';
    };

/**
 * The two breakpoints of one call: after the shared prefix (schema and system prompt) and after the
 * job's first turn (document, lessons, task: the same on every attempt of the job).
 */
export interface CachePlacement {
  readonly shared: BreakpointDecision;
  readonly document: BreakpointDecision;
}

/** Defaults of {@link decideCachePlacement}, in one place. */
export const cacheDefaults = {
  /** First attempts a window needs before its failure rate is trusted; fewer: `no_history`. */
  minSamples: 20,
  /** The minimum cacheable prefix assumed for a model the table does not know (tokens). */
  minCacheableTokens: 1024,
  /** 5-minute cache write and cache read, relative to the input price, when the model has no price. */
  writeFactor: 1.25,
  readFactor: 0.1,
} as const;

/** Options of {@link decideCachePlacement}. */
export interface CachePlacementOptions {
  /** 1-based number of the call being laid out. */
  readonly attempt: number;
  readonly maxAttempts: number;
  /** The workflow version's recent first attempts; null when unknown. */
  readonly history: FirstAttemptHistory | null;
  /** Estimated tokens of the shared prefix (schema, system prompt with its examples). */
  readonly sharedPrefixTokens: number;
  /** Estimated tokens of the job's first turn (document, lessons, task). */
  readonly documentTokens: number;
  /** Prefixes shorter than this are silently not cached by the API. */
  readonly minCacheableTokens: number;
  /** The model's prices (5-minute writes); null: {@link cacheDefaults} factors. */
  readonly prices: Pick<TokenPrices, 'input' | 'cacheWrite5m' | 'cacheRead'> | null;
  /** Default `by_cost`. */
  readonly policy?: CachePlacementPolicy;
  /** Default {@link cacheDefaults}.minSamples. */
  readonly minSamples?: number;
}

/**
 * The failure rate of first attempts above which writing the document to the cache pays: a write
 * costs `w − 1` of the document more than sending it, each later call that reads it saves `1 − r`,
 * and a failed first attempt is followed by at least one more call. So the write pays when
 * `p · (1 − r) ≥ w − 1`: p ≥ 0.25 / 0.9 ≈ 0.28 at the usual 1.25× write and 0.1× read.
 */
export function breakEvenFailureRate(prices: CachePlacementOptions['prices']): number {
  const write = prices && prices.input > 0 ? prices.cacheWrite5m / prices.input : cacheDefaults.writeFactor;
  const read = prices && prices.input > 0 ? prices.cacheRead / prices.input : cacheDefaults.readFactor;
  if (read >= 1) return Number.POSITIVE_INFINITY;
  return Math.max(0, (write - 1) / (1 - read));
}

/**
 * Decides the cache breakpoints of one call, as data.
 *
 * - Shared prefix: placed whenever it is at least the model's minimum cacheable length — every later
 *   job of the workflow version reads it, so one write serves them all.
 * - Document: never when the prefix through the document is below the minimum (it would not be
 *   cached). On a first attempt, placed when the recent first-attempt failure rate is at least the
 *   break-even rate ({@link breakEvenFailureRate}), or when fewer than `minSamples` first attempts
 *   are known (`no_history`: the safe side while the rate is learnt); not when the job has no
 *   second attempt. From the second attempt on a retry is under way: placed on every attempt that
 *   can have a successor, and on the last attempt only when an earlier attempt wrote it (then it
 *   reads the document instead of paying for it again).
 */
export function decideCachePlacement(options: CachePlacementOptions): CachePlacement {
  if (options.policy === 'after_document') {
    return { shared: { place: false, reason: 'policy' }, document: { place: true, reason: 'policy' } };
  }
  const { minCacheableTokens } = options;
  const shared: BreakpointDecision =
    options.sharedPrefixTokens >= minCacheableTokens
      ? { place: true, reason: 'shared_prefix' }
      : { place: false, reason: 'below_minimum' };
  return { shared, document: documentDecision(options, options.attempt) };
}

function documentDecision(options: CachePlacementOptions, attempt: number): BreakpointDecision {
  if (options.sharedPrefixTokens + options.documentTokens < options.minCacheableTokens) {
    return { place: false, reason: 'below_minimum' };
  }
  if (attempt >= options.maxAttempts) {
    if (attempt > 1 && documentDecision(options, attempt - 1).place) {
      return { place: true, reason: 'reads_earlier_write' };
    }
    return { place: false, reason: 'no_retry_left' };
  }
  if (attempt > 1) return { place: true, reason: 'retry_under_way' };
  const { history } = options;
  const minSamples = options.minSamples ?? cacheDefaults.minSamples;
  if (history === null || history.firstAttempts < minSamples) return { place: true, reason: 'no_history' };
  const failureRate = history.firstAttemptFailures / history.firstAttempts;
  return failureRate >= breakEvenFailureRate(options.prices)
    ? { place: true, reason: 'retry_likely' }
    : { place: false, reason: 'retry_unlikely' };
}
