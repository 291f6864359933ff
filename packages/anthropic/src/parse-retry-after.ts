/** Largest delay one timer can represent; longer asks are treated as unreadable. */
const maxDelayMs = 2 ** 31 - 1;

/**
 * How long the provider asked the caller to wait, in milliseconds, or null when it did not say.
 * Reads `retry-after-ms` first, then `retry-after` as seconds or as an HTTP date (a date in the
 * past gives 0). Unreadable values give null.
 */
export function parseRetryAfter(options: {
  readonly headers: Headers | null | undefined;
  /** Current time in epoch milliseconds, for HTTP dates. Default `Date.now()`. */
  readonly now?: number;
}): number | null {
  const { headers } = options;
  if (!headers) return null;
  const milliseconds = readNumber(headers.get('retry-after-ms'));
  if (milliseconds !== null) return inRange(milliseconds);
  const retryAfter = headers.get('retry-after')?.trim();
  if (!retryAfter) return null;
  const seconds = readNumber(retryAfter);
  if (seconds !== null) return inRange(seconds * 1000);
  // An HTTP date always names its day and month; anything else (e.g. "-3") is unreadable.
  const date = /[a-z]/i.test(retryAfter) ? Date.parse(retryAfter) : Number.NaN;
  if (Number.isNaN(date)) return null;
  return inRange(Math.max(0, date - (options.now ?? Date.now())));
}

const readNumber = (value: string | null): number | null => {
  if (value === null || !/^\s*\d+(\.\d+)?\s*$/.test(value)) return null;
  return Number(value);
};

const inRange = (ms: number): number | null => (ms <= maxDelayMs ? Math.ceil(ms) : null);
