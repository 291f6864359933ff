import type { ErrorResponse, MessageResponse } from './messages-wire';

/**
 * The Message Batches API wire format as the stand-in speaks it (SDK 1.12.0
 * `resources/messages/batches.d.ts`; limits and retention from the public reference, see the
 * package README, "What the API says").
 */

/** The API's limits on one batch and its lifetime. */
export const batchLimits = {
  /** `requests`: minItems 1, maxItems 100,000. */
  maxRequests: 100_000,
  /** The Batch API's request size limit, 256 MB (counted here as MiB, like the 32 MB of `POST /v1/messages`). */
  maxBodyBytes: 256 * 1024 * 1024,
  /** `custom_id`: minLength 1, maxLength 64, pattern `^[a-zA-Z0-9_-]{1,64}$`. */
  customIdPattern: /^[a-zA-Z0-9_-]{1,64}$/,
  customIdMaxLength: 64,
  /** A batch expires 24 hours after creation. */
  expiresAfterMs: 24 * 60 * 60 * 1000,
  /** `GET /v1/messages/batches`: `limit` defaults to 20, from 1 to 1000. */
  listDefaultLimit: 20,
  listMaxLimit: 1000,
} as const;

/** `processing_status`. */
export type BatchProcessingStatus = 'in_progress' | 'canceling' | 'ended';

/** `request_counts`: all but `processing` stay 0 until the whole batch has ended; they add up to the batch's size. */
export interface BatchRequestCounts {
  processing: number;
  succeeded: number;
  errored: number;
  canceled: number;
  expired: number;
}

/** A `message_batch` object. Times are RFC 3339 strings. */
export interface MessageBatchWire {
  readonly id: string;
  readonly type: 'message_batch';
  readonly processing_status: BatchProcessingStatus;
  readonly request_counts: BatchRequestCounts;
  readonly created_at: string;
  readonly expires_at: string;
  readonly ended_at: string | null;
  readonly cancel_initiated_at: string | null;
  readonly archived_at: string | null;
  /** Absolute URL of the results (`…/v1/messages/batches/{id}/results`) once processing has ended. */
  readonly results_url: string | null;
}

/** `result` of one line of the results file. */
export type BatchResult =
  | { readonly type: 'succeeded'; readonly message: MessageResponse }
  | { readonly type: 'errored'; readonly error: ErrorResponse }
  | { readonly type: 'canceled' }
  | { readonly type: 'expired' };

/** One line of the results file (JSONL, not in request order). */
export interface BatchIndividualResponse {
  readonly custom_id: string;
  readonly result: BatchResult;
}

/** What `DELETE /v1/messages/batches/{id}` answers. */
export interface DeletedMessageBatchWire {
  readonly id: string;
  readonly type: 'message_batch_deleted';
}

/** A page of `GET /v1/messages/batches`, newest batch first. */
export interface MessageBatchPage {
  readonly data: readonly MessageBatchWire[];
  readonly has_more: boolean;
  readonly first_id: string | null;
  readonly last_id: string | null;
}
