import Anthropic, { APIError } from '@anthropic-ai/sdk';
import { BatchCancelError } from './batch-cancel-error';

/** Options of {@link cancelMessageBatch}. */
export interface CancelMessageBatchOptions {
  readonly apiKey: string;
  readonly baseURL?: string | undefined;
  readonly batchId: string;
  /** The one deadline of the call, retries included. */
  readonly timeoutMs: number;
  readonly maxRetries: number;
}

/**
 * Asks the Message Batches API to cancel a batch (`client.messages.batches.cancel`) and returns
 * its processing status after the request (`canceling`, or `ended` when it had ended). Entries not
 * processed yet come back as `canceled` results, which the batch lane collects again.
 * @throws BatchCancelError when the API refuses or does not answer (no upstream text kept).
 */
export async function cancelMessageBatch(options: CancelMessageBatchOptions): Promise<string> {
  const client = new Anthropic({
    apiKey: options.apiKey,
    ...(options.baseURL ? { baseURL: options.baseURL } : {}),
    maxRetries: options.maxRetries,
    timeout: options.timeoutMs,
    logLevel: 'off',
  });
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    const batch = await client.messages.batches.cancel(options.batchId, {}, { signal });
    return batch.processing_status;
  } catch (error) {
    const status = error instanceof APIError && typeof error.status === 'number' ? error.status : null;
    const type =
      error instanceof APIError
        ? (error.error as { error?: { type?: unknown } } | undefined)?.error?.type
        : null;
    const errorType = typeof type === 'string' && /^[a-z_]{1,64}$/.test(type) ? type : null;
    throw new BatchCancelError({ batchId: options.batchId, status, errorType, cause: error });
  }
}
