import type { AttemptRecord } from './attempt-record';

/**
 * Port: durable attempt records of one job, keyed by an opaque job key (one key per job generation).
 * `append` must be durable before it resolves: the loop calls the model again only after it.
 */
export interface AttemptStore {
  load(jobKey: string): Promise<AttemptRecord[]>;
  append(jobKey: string, record: AttemptRecord): Promise<void>;
  /** Deletes every record of a job (records of another input, or a job that reached a terminal state). */
  clear(jobKey: string): Promise<void>;
}
