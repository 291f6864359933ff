/** The blob store call that failed. */
export type BlobOperation = 'put' | 'get' | 'has' | 'delete' | 'list';

/** Why a blob store call failed: its deadline passed, the caller's signal aborted it, or the store failed. */
export type BlobStoreFailure = 'timeout' | 'aborted' | 'failed';

/**
 * A blob store call did not complete: the store (directory or object storage) failed or did not
 * answer within the call's deadline. `cause` holds the underlying error; the message names only the
 * operation, the failure and the cause's name or code (never a credential or a response body).
 */
export class BlobStoreError extends Error {
  override readonly name = 'BlobStoreError';
  readonly operation: BlobOperation;
  readonly failure: BlobStoreFailure;

  constructor(options: {
    operation: BlobOperation;
    failure: BlobStoreFailure;
    detail: string;
    cause?: unknown;
  }) {
    super(
      `blob store ${options.operation} ${options.failure === 'failed' ? 'failed' : options.failure === 'timeout' ? 'timed out' : 'was aborted'}: ${options.detail}`,
      {
        cause: options.cause,
      },
    );
    this.operation = options.operation;
    this.failure = options.failure;
  }
}
