import type { MessageBatchResult } from '@anthropic-ai/sdk/resources/messages/batches';
import { toModelResponse } from '@quarry/anthropic';
import type { BatchOutcome } from './batch-outcome';

/**
 * What to do with one result of a batch: store the attempt's outcome, collect it again for free, or
 * (its request's document file lost by the Files API: `lostFileResultAction`) collect it again
 * for free with the document resolved anew.
 */
export type BatchResultAction =
  | { readonly kind: 'store'; readonly outcome: BatchOutcome }
  | { readonly kind: 'requeue'; readonly why: 'expired' | 'canceled' | 'retryable_error' | 'file_unchecked' }
  | { readonly kind: 'reupload'; readonly lostFileId: string };

/** Error types a later batch may well answer: the API's own trouble, not the request's. */
const retryableErrorTypes = new Set(['api_error', 'overloaded_error', 'rate_limit_error', 'timeout_error']);

/** HTTP status of each error type the API names, for the DLQ record's message. */
const statusOfType: Readonly<Record<string, number>> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
};

/**
 * Classifies one batch result. `succeeded` stores the reply (priced in the batch lane); `expired`,
 * `canceled` and errors of the API's own (`api_error`, `overloaded_error`, …) are collected again
 * without spending an attempt; any other error (`invalid_request_error`, …) is stored as a permanent
 * transport error, which the realtime failure policy dead-letters (a 404 or 400 of a request that
 * referenced a document file is first checked against the Files API by `consumeBatch`). No upstream
 * text is kept.
 */
export function batchResultAction(result: MessageBatchResult): BatchResultAction {
  switch (result.type) {
    case 'succeeded':
      return {
        kind: 'store',
        outcome: {
          type: 'reply',
          response: { ...toModelResponse({ message: result.message, requestId: null }), lane: 'batch' },
        },
      };
    case 'expired':
      return { kind: 'requeue', why: 'expired' };
    case 'canceled':
      return { kind: 'requeue', why: 'canceled' };
    case 'errored': {
      const type = String(result.error?.error?.type ?? 'api_error');
      if (retryableErrorTypes.has(type)) return { kind: 'requeue', why: 'retryable_error' };
      const status = statusOfType[type] ?? null;
      return {
        kind: 'store',
        outcome: {
          type: 'error',
          kind: 'permanent',
          status,
          message: `The Message Batches API ended the request errored (${status ?? 'no status'} ${/^[a-z_]{1,64}$/.test(type) ? type : 'unknown error type'})`,
        },
      };
    }
  }
}
