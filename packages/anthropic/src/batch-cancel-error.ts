/**
 * A batch could not be canceled: the API refused (its HTTP status and error type, never its text)
 * or did not answer in time.
 */
export class BatchCancelError extends Error {
  override readonly name = 'BatchCancelError';
  readonly batchId: string;
  /** HTTP status of the refusal; null when the API did not answer. */
  readonly status: number | null;
  /** The API's error type (`not_found_error`, …) when it named one of the expected form. */
  readonly errorType: string | null;

  constructor(options: {
    batchId: string;
    status: number | null;
    errorType: string | null;
    cause?: unknown;
  }) {
    const { batchId, status, errorType } = options;
    super(
      status === null
        ? `the Message Batches API did not answer the cancel of batch ${batchId}`
        : `the Message Batches API refused to cancel batch ${batchId} (${status}${errorType ? ` ${errorType}` : ''})`,
      { cause: options.cause },
    );
    this.batchId = batchId;
    this.status = status;
    this.errorType = errorType;
  }
}
