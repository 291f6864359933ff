/** A job in the DLQ whose data is not a DLQ record (e.g. added by hand); listings skip it. */
export class DlqRecordUnreadableError extends Error {
  override readonly name = 'DlqRecordUnreadableError';
  readonly dlqId: string;
  readonly problems: readonly string[];

  constructor(options: {
    readonly dlqId: string;
    readonly problems: readonly string[];
    readonly cause?: unknown;
  }) {
    super(`DLQ job ${options.dlqId} is not a readable DLQ record: ${options.problems.join('; ')}`, {
      cause: options.cause,
    });
    this.dlqId = options.dlqId;
    this.problems = options.problems;
  }
}
