/** Defaults of `createQuarryClient` and `waitForResult`. */
export const clientDefaults = {
  readyTimeoutMs: 1000,
  waitTimeoutMs: 60_000,
  /** `waitForResult` polls from 50 ms, growing 1.5× per poll up to this. */
  maxPollIntervalMs: 1000,
} as const;
