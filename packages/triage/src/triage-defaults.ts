const day = 24 * 3600 * 1000;

/** Every default of the triage service, in one place. */
export const triageDefaults = {
  /** Redrives of one chain before its DLQ records are quarantined (skipped unless forced). */
  maxRedrives: 3,
  /** Replayed DLQ records are kept this long for audit, then `pruneReplayed` removes them. */
  replayedRetentionMs: 30 * day,
  /** Replays in flight at once. */
  concurrency: 4,
  /** Index entries and DLQ records read per page (lists, groups, replays). */
  pageSize: 200,
  /** Records a dry run lists as its sample. */
  sampleSize: 10,
  /** Issue signatures a fingerprint group lists. */
  topIssues: 5,
  /** Children of a split parent a record's view lists (failed first). */
  splitChildRows: 50,
} as const;
