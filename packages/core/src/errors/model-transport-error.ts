import type { RateLimitReading } from '../pacing/rate-limit-reading';

/**
 * How a failed model call should be treated:
 * - `rate_limited`: 429; wait `retryAfterMs`, do not count an attempt;
 * - `transient`: 5xx, 529 overloaded, network, timeout; retry the job later;
 * - `permanent`: 400/401/403/404/413 and the like; retrying cannot help.
 */
export type TransportErrorKind = 'rate_limited' | 'transient' | 'permanent';

/** Why a `retry-after` the provider sent was not honoured: it was negative, or not a number or date. */
export type RetryAfterProblem = 'negative' | 'malformed';

/** A model call that returned no content. Never counts as an attempt. */
export class ModelTransportError extends Error {
  override readonly name = 'ModelTransportError';
  readonly kind: TransportErrorKind;
  /** HTTP status, when there was a response. */
  readonly status: number | null;
  /** How long the provider asked us to wait, when it said so. */
  readonly retryAfterMs: number | null;
  readonly requestId: string | null;
  /** Set when the provider sent a `retry-after` that was ignored (treated as absent). */
  readonly retryAfterProblem: RetryAfterProblem | null;
  /** The failed response's rate-limit headers, read and clamped; null when there were none. */
  readonly rateLimit: RateLimitReading | null;

  constructor(options: {
    kind: TransportErrorKind;
    message: string;
    status?: number | null;
    retryAfterMs?: number | null;
    requestId?: string | null;
    retryAfterProblem?: RetryAfterProblem | null;
    rateLimit?: RateLimitReading | null;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.kind = options.kind;
    this.status = options.status ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
    this.requestId = options.requestId ?? null;
    this.retryAfterProblem = options.retryAfterProblem ?? null;
    this.rateLimit = options.rateLimit ?? null;
  }
}
