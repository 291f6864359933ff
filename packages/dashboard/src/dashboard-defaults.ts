/** Defaults of {@link createDashboard}'s options, in one place. */
export const dashboardDefaults = {
  /** How long `listen()` waits for Redis before it starts anyway, answering 503 until Redis is back. */
  redisStartupWaitMs: 2_000,
  /** A Redis command without a reply after this long fails (a Redis that accepts connections but hangs). */
  redisCommandTimeoutMs: 1_000,
  /** How long `/readyz` and the error handler give Redis to answer a PING. */
  redisPingTimeoutMs: 500,
  /** How often replayed DLQ records past their retention are pruned (hourly). */
  pruneIntervalMs: 3_600_000,
  /** Characters of a document the document view shows (spans further on are listed, not highlighted). */
  documentViewChars: 200_000,
  /** Deadline for reading a document job's PDF from the blob store and extracting its text layer. */
  documentTextTimeoutMs: 10_000,
  /** Jobs the review page lists, oldest first. */
  reviewRows: 200,
  /**
   * Largest Correct form body (its JSON is at most 1 MiB of UTF-8; URL-encoding takes up to three
   * bytes for each byte of it).
   */
  correctFormLimit: '4mb',
  /** Review entries (the oldest) whose document's page text the review page shows; the rest link to their job page. */
  reviewDocuments: 20,
  /** Evaluation runs the Evals page lists, newest first. */
  evalRuns: 200,
  /** Characters of extracted PDF page text kept in memory in all, so a document shown again is not read again. */
  pageTextCacheChars: 4_000_000,
  /** Documents whose extracted page text is kept in memory. */
  pageTextCacheEntries: 500,
} as const;
