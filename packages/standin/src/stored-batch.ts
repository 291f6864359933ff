import type { IncomingHttpHeaders } from 'node:http';
import {
  type BatchProcessingStatus,
  type BatchRequestCounts,
  type BatchResult,
  batchLimits,
  type MessageBatchWire,
} from './batch-wire';
import type { BatchEntryRequest } from './read-batch-create';

/** One entry of a batch: its request until it is answered, then its result. */
export interface BatchEntry {
  readonly customId: string;
  /** The entry's Messages params; dropped once the entry has its result. */
  params: BatchEntryRequest['params'] | null;
  result: BatchResult | null;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** A Message Batch the stand-in keeps in memory, with the headers and key it was created with. */
export class StoredBatch {
  readonly id: string;
  /** Creation order among this stand-in's ids (larger is newer); places the batch in the list. */
  readonly sequence: number;
  /** 1 for the stand-in's first batch, 2 for the next…: seeds the batch's draws. */
  readonly number: number;
  readonly createdAt: number;
  readonly headers: IncomingHttpHeaders;
  readonly apiKey: string | undefined;
  readonly entries: readonly BatchEntry[];
  /** Aborted when a cancel is asked, to cut the processing delay short. */
  readonly cancelAsked = new AbortController();
  status: BatchProcessingStatus = 'in_progress';
  endedAt: number | null = null;
  cancelInitiatedAt: number | null = null;

  constructor(options: {
    readonly id: string;
    readonly sequence: number;
    readonly number: number;
    readonly createdAt: number;
    readonly headers: IncomingHttpHeaders;
    readonly apiKey: string | undefined;
    readonly requests: readonly BatchEntryRequest[];
  }) {
    this.id = options.id;
    this.sequence = options.sequence;
    this.number = options.number;
    this.createdAt = options.createdAt;
    this.headers = options.headers;
    this.apiKey = options.apiKey;
    this.entries = options.requests.map((request) => ({
      customId: request.customId,
      params: request.params,
      result: null,
    }));
  }

  /** Moves to `canceling` (once); false when the batch has already ended. */
  cancel(now: number): boolean {
    if (this.status === 'ended') return false;
    if (this.status === 'in_progress') {
      this.status = 'canceling';
      this.cancelInitiatedAt = now;
      this.cancelAsked.abort();
    }
    return true;
  }

  /** Ends the batch: every entry still without a result is `canceled`. */
  end(now: number): void {
    for (const entry of this.entries) {
      if (entry.result === null) entry.result = { type: 'canceled' };
      entry.params = null;
    }
    this.status = 'ended';
    this.endedAt = now;
  }

  /** Every entry is `processing` until the batch ends; then each is counted by its result. */
  counts(): BatchRequestCounts {
    const counts: BatchRequestCounts = { processing: 0, succeeded: 0, errored: 0, canceled: 0, expired: 0 };
    if (this.status !== 'ended') return { ...counts, processing: this.entries.length };
    for (const entry of this.entries) counts[entry.result?.type ?? 'canceled']++;
    return counts;
  }

  /** The `message_batch` object; `results_url` under `baseUrl` once the batch has ended. */
  toWire(baseUrl: string): MessageBatchWire {
    const ended = this.status === 'ended';
    return {
      id: this.id,
      type: 'message_batch',
      processing_status: this.status,
      request_counts: this.counts(),
      created_at: new Date(this.createdAt).toISOString(),
      expires_at: new Date(this.createdAt + batchLimits.expiresAfterMs).toISOString(),
      ended_at: iso(this.endedAt),
      cancel_initiated_at: iso(this.cancelInitiatedAt),
      archived_at: null,
      results_url: ended ? `${baseUrl}/v1/messages/batches/${encodeURIComponent(this.id)}/results` : null,
    };
  }
}
