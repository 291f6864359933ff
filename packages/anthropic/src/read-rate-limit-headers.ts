import {
  maxRateLimitValue,
  maxResetAheadMs,
  type RateLimitDimension,
  type RateLimitDimensionName,
  type RateLimitReading,
} from '@quarry/core';
import { readRetryAfter } from './parse-retry-after';

/**
 * The header family of each dimension. Names and meanings from
 * https://platform.claude.com/docs/en/api/rate-limits (response headers table, checked 2026-11-24):
 * `-limit` the maximum per rate-limit period (a minute), `-remaining` what is left (token counts
 * rounded to the nearest thousand), `-reset` the time the bucket is fully replenished, in RFC 3339.
 */
const families: Readonly<Record<RateLimitDimensionName, string>> = {
  requests: 'anthropic-ratelimit-requests',
  inputTokens: 'anthropic-ratelimit-input-tokens',
  outputTokens: 'anthropic-ratelimit-output-tokens',
};

/** An RFC 3339 date-time, e.g. `2026-11-24T10:00:03Z` or with fractional seconds and an offset. */
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * Reads the rate-limit headers of a response (or of an error response): per dimension its limit,
 * remaining count and reset time, and `retry-after`. Every value is validated: a count must be a
 * whole number from 0 (limit: 1) to 10⁹, a reset an RFC 3339 time no more than an hour ahead;
 * anything else is treated as absent and its header named in `ignored` (never its text).
 * Returns null when no rate-limit header at all was sent.
 */
export function readRateLimitHeaders(options: {
  readonly headers: Headers | null | undefined;
  /** Epoch ms, for the reset's range check and the retry-after date. Default `Date.now()`. */
  readonly now?: number;
}): RateLimitReading | null {
  const { headers } = options;
  if (!headers) return null;
  const now = options.now ?? Date.now();
  const ignored: string[] = [];
  let seen = false;
  const count = (name: string, min: number): number | null => {
    const text = headers.get(name);
    if (text === null) return null;
    seen = true;
    const value = /^\s*\d{1,10}\s*$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isInteger(value) && value >= min && value <= maxRateLimitValue) return value;
    ignored.push(name);
    return null;
  };
  const reset = (name: string): number | null => {
    const text = headers.get(name);
    if (text === null) return null;
    seen = true;
    const at = RFC3339.test(text.trim()) ? Date.parse(text.trim()) : Number.NaN;
    if (!Number.isNaN(at) && at >= 0 && at - now <= maxResetAheadMs) return at;
    ignored.push(name);
    return null;
  };
  const dimension = (family: string): RateLimitDimension => ({
    limit: count(`${family}-limit`, 1),
    remaining: count(`${family}-remaining`, 0),
    resetAt: reset(`${family}-reset`),
  });
  // One literal, keys named: read on every reply (no entries array, no spread to add keys to).
  const requests = dimension(families.requests);
  const inputTokens = dimension(families.inputTokens);
  const outputTokens = dimension(families.outputTokens);
  const retryAfter = readRetryAfter({ headers, now });
  if (retryAfter.problem !== null) ignored.push('retry-after');
  if (!seen && retryAfter.ms === null) return null;
  return { requests, inputTokens, outputTokens, retryAfterMs: retryAfter.ms, ignored };
}
