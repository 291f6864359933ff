import { failurePolicyDefaults, maxRateLimitValue } from '@quarry/core';
import { booleanVar, integerVar } from '@quarry/env';
import type { z } from 'zod';

/** The longest delay a Node.js timer can wait (about 24.8 days). */
const maxTimerMs = 2 ** 31 - 1;

/** How the worker meets the API's rate limits, as `WorkerConfig.rateLimit`. */
export interface RateLimitSettings {
  /** Queue pause after a 429 that carried no `retry-after` (`RATE_LIMIT_PAUSE_MS`). */
  readonly pauseMs: number;
  /** The longest any `retry-after` is honoured for (`RATE_LIMIT_MAX_PAUSE_MS`). */
  readonly maxPauseMs: number;
  /** 429s a job may bounce on without consuming a job attempt (`RATE_LIMIT_MAX_BOUNCES`). */
  readonly maxBounces: number;
  /** Pace calls by the shared rate-limit budget (see docs/pacing.md). */
  readonly pacing: boolean;
  /** Per-minute ceilings that apply while the API sends no rate-limit headers; null: none. */
  readonly ceilings: {
    readonly requests: number | null;
    readonly inputTokens: number | null;
    readonly outputTokens: number | null;
  };
}

/** The rate-limit environment variables, merged into the worker's schema. */
export const rateLimitEnv = {
  RATE_LIMIT_PAUSE_MS: integerVar(1)
    .default(failurePolicyDefaults.rateLimitPauseMs)
    .meta({ description: 'Queue pause after a 429 that carried no `retry-after`.' }),
  RATE_LIMIT_MAX_PAUSE_MS: integerVar(1, maxTimerMs).default(failurePolicyDefaults.maxRetryAfterMs).meta({
    description:
      'Longest wait a `retry-after` is honoured for (at least `RATE_LIMIT_PAUSE_MS`): one 429 pauses every worker at most this long.',
  }),
  RATE_LIMIT_MAX_BOUNCES: integerVar(0).default(20).meta({
    description: 'How often one job may go back to the queue on a 429 without consuming a job attempt.',
  }),
  RATE_LIMIT_PACING: booleanVar().default(true).meta({
    description:
      'Pace model calls by the shared rate-limit budget of the API key and model class, learnt from the `anthropic-ratelimit-*` headers ([docs/pacing.md](docs/pacing.md)).',
  }),
  RATE_LIMIT_RPM: integerVar(1, maxRateLimitValue).optional().meta({
    description:
      'Requests per minute the pacer allows while the API sends no rate-limit headers (1–10⁹); headers, once seen, take over.',
    whenUnset: 'unset (none)',
  }),
  RATE_LIMIT_ITPM: integerVar(1, maxRateLimitValue).optional().meta({
    description:
      'Uncached input tokens per minute allowed while the API sends no rate-limit headers (1–10⁹).',
    whenUnset: 'unset (none)',
  }),
  RATE_LIMIT_OTPM: integerVar(1, maxRateLimitValue).optional().meta({
    description:
      'Output tokens per minute (each call reserves its `max_tokens`) allowed while the API sends no rate-limit headers (1–10⁹).',
    whenUnset: 'unset (none)',
  }),
};

type RateLimitEnv = z.output<z.ZodObject<typeof rateLimitEnv>>;

/** The settings from the parsed variables; an unset ceiling is null. */
export function rateLimitSettings(env: RateLimitEnv): RateLimitSettings {
  return {
    pauseMs: env.RATE_LIMIT_PAUSE_MS,
    maxPauseMs: env.RATE_LIMIT_MAX_PAUSE_MS,
    maxBounces: env.RATE_LIMIT_MAX_BOUNCES,
    pacing: env.RATE_LIMIT_PACING,
    ceilings: {
      requests: env.RATE_LIMIT_RPM ?? null,
      inputTokens: env.RATE_LIMIT_ITPM ?? null,
      outputTokens: env.RATE_LIMIT_OTPM ?? null,
    },
  };
}
