/** The HTTP API's defaults (each overridable by its `API_*` variable). */
export const apiDefaults = {
  host: '127.0.0.1',
  port: 3200,
  /** 1 MiB: a job with a small inline base64 document (at most 256 KiB decoded) fits. */
  maxJsonBytes: 1024 * 1024,
  rateLimit: 600,
  rateWindowSeconds: 60,
  maxWaitSeconds: 30,
  redisTimeoutMs: 2000,
  /** How often a long-poll looks at the job again, at most. */
  pollIntervalMs: 250,
} as const;
