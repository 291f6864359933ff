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

/** Port: the shared per-workflow error history (cross-step learning). */
export interface HistoryStore {
  /** The `limit` most frequent signatures by decayed frequency, most frequent first. */
  topLessons(key: HistoryKey, limit: number): Promise<Lesson[]>;
  /** Records the signatures of one failed attempt, atomically. */
  record(key: HistoryKey, observations: readonly IssueObservation[]): Promise<void>;
}
