import { BlobIntegrityError } from './errors/blob-integrity-error';
import { type BlobOperation, BlobStoreError } from './errors/blob-store-error';
import { BlobTooLargeError } from './errors/blob-too-large-error';
import { InvalidBlobKeyError } from './errors/invalid-blob-key-error';

/** Errors a store raises itself; they pass through {@link withDeadline} unchanged. */
const ownErrors = [BlobTooLargeError, BlobIntegrityError, InvalidBlobKeyError, BlobStoreError];

/**
 * Runs one blob store call under one deadline: `timeoutMs` from now, or the caller's `signal`,
 * whichever ends first. Any other failure becomes a {@link BlobStoreError} naming the operation.
 */
export async function withDeadline<T>(
  options: {
    readonly operation: BlobOperation;
    readonly timeoutMs: number;
    readonly signal?: AbortSignal | undefined;
  },
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  try {
    signal.throwIfAborted();
    return await run(signal);
  } catch (cause) {
    if (ownErrors.some((type) => cause instanceof type)) throw cause;
    const { operation } = options;
    if (deadline.aborted && !options.signal?.aborted) {
      throw new BlobStoreError({
        operation,
        failure: 'timeout',
        detail: `no answer within ${options.timeoutMs} ms`,
        cause,
      });
    }
    if (signal.aborted)
      throw new BlobStoreError({ operation, failure: 'aborted', detail: 'the caller aborted it', cause });
    throw new BlobStoreError({ operation, failure: 'failed', detail: describeCause(cause), cause });
  }
}

/** The name and code of an error, never its message (which may carry a response body or a path). */
function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return 'unknown error';
  const code = (cause as { code?: unknown }).code;
  const status = (cause as { $metadata?: { httpStatusCode?: unknown } }).$metadata?.httpStatusCode;
  return [
    cause.name,
    typeof code === 'string' ? code : null,
    typeof status === 'number' ? `HTTP ${status}` : null,
  ]
    .filter((part) => part !== null)
    .join(' ');
}
