/** What the queue layer reads from a BullMQ job of the extraction queue (a `Job` satisfies it). */
export interface SourceJob {
  readonly id?: string | undefined;
  /** Creation time (ms). */
  readonly timestamp: number;
  readonly data: unknown;
  /** Job attempts that failed or finished so far. */
  readonly attemptsMade: number;
  readonly failedReason?: string | undefined;
  /** When the job reached its final state (ms). */
  readonly finishedOn?: number | undefined;
}
