import { z } from 'zod';

/** Largest limit or remaining count believed from a header (far above any tier's limit). */
export const maxRateLimitValue = 1_000_000_000;

/** Longest time ahead a reset time is believed: a bucket refills within a minute; beyond an hour is nonsense. */
export const maxResetAheadMs = 3_600_000;

/** What the API said of one rate-limit dimension: its limit per minute, what remains, when it is full again. */
export const RateLimitDimension = z.object({
  /** Units allowed per minute (the bucket's size); null when the header was absent or unreadable. */
  limit: z.number().int().positive().max(maxRateLimitValue).nullable(),
  /** Units left now; null when absent or unreadable. Input/output token counts are rounded to a thousand by the API. */
  remaining: z.number().int().nonnegative().max(maxRateLimitValue).nullable(),
  /** When the bucket is full again (epoch ms); null when absent or unreadable. */
  resetAt: z.number().int().nonnegative().nullable(),
});
export type RateLimitDimension = z.infer<typeof RateLimitDimension>;

/** The three budgets the Messages API meters: requests, uncached input tokens, output tokens. */
export const rateLimitDimensions = ['requests', 'inputTokens', 'outputTokens'] as const;
export type RateLimitDimensionName = (typeof rateLimitDimensions)[number];

/**
 * The rate-limit headers of one response, read, validated and clamped by the provider adapter:
 * a value that is missing, negative, not a number or out of range is null and its header named in
 * `ignored`. Never holds a header's text.
 */
export const RateLimitReading = z.object({
  requests: RateLimitDimension,
  inputTokens: RateLimitDimension,
  outputTokens: RateLimitDimension,
  /** The wait a 429 asked for (retry-after), clamped; null when none was sent or readable. */
  retryAfterMs: z.number().int().nonnegative().nullable(),
  /** Names of headers that were present but ignored (malformed, negative, out of range). */
  ignored: z.array(z.string()),
});
export type RateLimitReading = z.infer<typeof RateLimitReading>;

/** True when the reading carries at least one limit (the API sent rate-limit headers). */
export const hasRateLimits = (reading: RateLimitReading | null | undefined): reading is RateLimitReading =>
  reading !== null &&
  reading !== undefined &&
  rateLimitDimensions.some((name) => reading[name].limit !== null);
