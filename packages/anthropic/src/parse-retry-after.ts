import type { RetryAfterProblem } from '@quarry/core';

/** Largest delay one timer can represent; longer asks are read as this (the caller caps it further). */
const maxDelayMs = 2 ** 31 - 1;

/** What the provider's wait headers said: the wait in milliseconds, and why a header sent was ignored. */
export interface RetryAfterReading {
  /** Null when no header said, or none could be read. */
  readonly ms: number | null;
  /** Set when a header was present but ignored: `negative`, or `malformed` (not a number or HTTP date). */
  readonly problem: RetryAfterProblem | null;
}

/**
 * Reads how long the provider asked the caller to wait: `retry-after-ms` first, then `retry-after` as
 * seconds or as an HTTP date (a date in the past gives 0). A negative or malformed value is treated as
 * absent and reported in `problem`; a huge one is read as the longest a timer can wait (2^31 - 1 ms).
 */
export function readRetryAfter(options: {
  readonly headers: Headers | null | undefined;
  /** Current time in epoch milliseconds, for HTTP dates. Default `Date.now()`. */
  readonly now?: number;
}): RetryAfterReading {
  const { headers } = options;
  if (!headers) return { ms: null, problem: null };
  let problem: RetryAfterProblem | null = null;
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds !== null) {
    const read = readNumber(milliseconds);
    if (typeof read === 'number') return { ms: inRange(read), problem: null };
    problem = read;
  }
  const retryAfter = headers.get('retry-after');
  if (retryAfter === null) return { ms: null, problem };
  const seconds = readNumber(retryAfter);
  if (typeof seconds === 'number') return { ms: inRange(seconds * 1000), problem };
  // An HTTP date always names its day and month; anything else (e.g. "soon", "1e9") is malformed.
  const date = /[a-z]/i.test(retryAfter) ? Date.parse(retryAfter) : Number.NaN;
  if (Number.isNaN(date)) return { ms: null, problem: problem ?? seconds };
  return { ms: inRange(Math.max(0, date - (options.now ?? Date.now()))), problem };
}

/**
 * How long the provider asked the caller to wait, in milliseconds, or null when it did not say or
 * the value was negative or malformed. See {@link readRetryAfter}.
 */
export function parseRetryAfter(options: {
  readonly headers: Headers | null | undefined;
  /** Current time in epoch milliseconds, for HTTP dates. Default `Date.now()`. */
  readonly now?: number;
}): number | null {
  return readRetryAfter(options).ms;
}

/** A non-negative decimal number, else why it is not one. */
const readNumber = (value: string): number | RetryAfterProblem => {
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return /^\s*-\s*\d+(\.\d+)?\s*$/.test(value) ? 'negative' : 'malformed';
};

const inRange = (ms: number): number => Math.ceil(Math.min(ms, maxDelayMs));
