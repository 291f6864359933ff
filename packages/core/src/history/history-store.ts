import type { Lesson } from './lesson';

/** Which error history a job reads and writes: per workflow and version, optionally per scope (e.g. a tenant). */
export interface HistoryKey {
  readonly workflow: string;
  readonly version: number;
  readonly scope?: string | undefined;
}

/** One issue signature seen in a failed attempt, with one example message (never document text). */
export interface IssueObservation {
  readonly signature: string;
  readonly example: string;
}

/**
 * A job's first attempt, counted against the lessons the job was shown: each of its signatures is
 * an error made on a first attempt, by a job shown that lesson or not.
 */
export interface FirstAttemptExposure {
  /** Signatures of the lessons the job was shown. */
  readonly shown: readonly string[];
}

/** Port: the shared per-workflow error history (cross-step learning). */
export interface HistoryStore {
  /** The `limit` most frequent signatures by decayed frequency, retired lessons left out, most frequent first. */
  topLessons(key: HistoryKey, limit: number): Promise<Lesson[]>;
  /**
   * Records the signatures of one failed attempt, atomically; with `firstAttempt` (the first
   * attempt of a job counted when it read its lessons) also its errors against those lessons.
   */
  record(
    key: HistoryKey,
    observations: readonly IssueObservation[],
    firstAttempt?: FirstAttemptExposure,
  ): Promise<void>;
}
