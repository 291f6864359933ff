import { z } from 'zod';

const perMinute = z.number().int().positive().max(1_000_000_000);

/**
 * Rate limits the stand-in enforces on `POST /v1/messages`, per API key and model class, as the
 * API does (https://platform.claude.com/docs/en/api/rate-limits, checked 2026-11-24): a token
 * bucket per dimension holding a minute's worth, refilled continuously. A request is refused with
 * 429 `rate_limit_error` and `retry-after` when any bucket cannot cover it: one request, its
 * uncached input tokens, its `max_tokens` (given back down to the output tokens used once it is
 * answered). Every answer then carries the `anthropic-ratelimit-*` headers. A dimension left out
 * is not limited (and has no headers).
 */
export const RateLimitOptions = z.object({
  requestsPerMinute: perMinute.optional(),
  inputTokensPerMinute: perMinute.optional(),
  outputTokensPerMinute: perMinute.optional(),
});
export type RateLimitOptions = z.input<typeof RateLimitOptions>;
