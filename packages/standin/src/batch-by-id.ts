import type { ServerResponse } from 'node:http';
import type { BatchOperation } from './batch-operation';
import type { BatchCounters } from './batch-stats';
import type { BatchStore } from './batch-store';
import type { DeletedMessageBatchWire } from './batch-wire';
import { sendError, sendJson } from './http-io';
import { sendBatchResults } from './send-batch-results';

const shown = (text: string): string => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/**
 * Retrieve, cancel, delete, or stream the results of one batch: 404 `not_found_error` for an id the
 * stand-in does not keep; 400 `invalid_request_error` for a cancel of an ended batch, and for a
 * delete or results of a batch still processing.
 */
export async function handleBatchById(
  response: ServerResponse,
  options: {
    readonly requestId: string;
    readonly operation: Extract<BatchOperation, { readonly id: string }>;
    readonly store: BatchStore;
    readonly counters: BatchCounters;
    readonly baseUrl: string;
    readonly seed: number;
  },
): Promise<void> {
  const { requestId, operation, store, counters } = options;
  const batch = store.get(operation.id);
  if (!batch) {
    sendError(response, {
      status: 404,
      requestId,
      message: `No message batch with id ${shown(operation.id)}`,
    });
    return;
  }
  const ok = (body: unknown): void => sendJson(response, { status: 200, requestId, body });
  const refuse = (message: string): void => sendError(response, { status: 400, requestId, message });
  switch (operation.kind) {
    case 'retrieve':
      return ok(batch.toWire(options.baseUrl));
    case 'cancel':
      if (batch.status === 'in_progress') counters.canceled++;
      if (!batch.cancel(Date.now()))
        return refuse(`Message batch ${batch.id} has ended and cannot be canceled`);
      return ok(batch.toWire(options.baseUrl));
    case 'delete': {
      if (batch.status !== 'ended')
        return refuse(
          `Message batch ${batch.id} is still processing; cancel it and wait for it to end before deleting it`,
        );
      store.delete(batch.id);
      counters.deleted++;
      const deleted: DeletedMessageBatchWire = { id: batch.id, type: 'message_batch_deleted' };
      return ok(deleted);
    }
    case 'results':
      if (batch.status !== 'ended')
        return refuse(
          `Message batch ${batch.id} is still processing; its results are available once it has ended`,
        );
      return sendBatchResults(response, { batch, requestId, seed: options.seed });
  }
}
