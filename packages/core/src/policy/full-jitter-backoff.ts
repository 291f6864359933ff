/** Options of {@link fullJitterBackoff}. */
export interface FullJitterBackoffOptions {
  /** 1-based number of the job attempt that just failed. */
  readonly attempt: number;
  readonly baseMs: number;
  readonly capMs: number;
  /** Uniform in [0, 1). Default `Math.random`. */
  readonly random?: () => number;
}

/**
 * Capped full-jitter exponential backoff: a uniform delay in [0, min(cap, base · 2^(attempt − 1))).
 * Spreads retries of many jobs that failed together, so they do not hit the provider in lockstep.
 */
export function fullJitterBackoff(options: FullJitterBackoffOptions): number {
  const random = options.random ?? Math.random;
  const exponent = Math.max(0, options.attempt - 1);
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** Math.min(exponent, 52));
  const unit = Math.min(Math.max(random(), 0), 1);
  return Math.floor(unit * Math.max(0, ceiling));
}
