import type { AttemptRecord } from './attempt-record';

/** Options of {@link AttemptStore.append}. */
export interface AppendAttemptOptions {
  /**
   * The first save of a job's first run, which loaded nothing: in the same step as it saves this
   * record, the store deletes the job's records that answer another input (another `inputHash`, none,
   * or unreadable: left by another job under the same id and creation time).
   */
  readonly replace?: boolean;
}

/** What {@link AttemptStore.append} did besides saving the record. */
export interface AppendedAttempt {
  /** Records of another input deleted first (`replace`); 0 otherwise. */
  readonly discarded: number;
}

/**
 * Port: durable attempt records of one job, keyed by an opaque job key (one key per job generation).
 * `append` must be durable before it resolves: the loop calls the model again only after it.
 */
export interface AttemptStore {
  load(jobKey: string): Promise<AttemptRecord[]>;
  append(jobKey: string, record: AttemptRecord, options?: AppendAttemptOptions): Promise<AppendedAttempt>;
  /** Deletes every record of a job (records of another input, or a job that reached a terminal state). */
  clear(jobKey: string): Promise<void>;
}
