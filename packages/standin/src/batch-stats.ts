import type { BatchResult } from './batch-wire';

/** Counters of the Message Batches API of a stand-in (part of `StandinStats`). */
export interface BatchStats {
  /** Batches created (including those whose create response was dropped). */
  created: number;
  /** Batches that ended, canceled ones included. */
  ended: number;
  /** Batches a cancel was asked for before they ended. */
  canceled: number;
  deleted: number;
  /** Ended batches dropped to make room for new ones (see `BatchOptions.maxBatches`). */
  evicted: number;
  /** Creates refused with a 429 because batches in progress left no room. */
  refused: number;
  /** Creates whose batch exists but whose response was dropped on purpose. */
  droppedCreateResponses: number;
  /** Batches kept now, those not ended yet among them, and the entries they hold. */
  stored: number;
  inProgress: number;
  storedRequests: number;
  /** Entries of ended batches by result type. */
  results: Record<BatchResult['type'], number>;
}

/** The counters that are counted as things happen (the rest are read from the store). */
export type BatchCounters = Omit<BatchStats, 'stored' | 'inProgress' | 'storedRequests' | 'evicted'>;

export const emptyBatchCounters = (): BatchCounters => ({
  created: 0,
  ended: 0,
  canceled: 0,
  deleted: 0,
  refused: 0,
  droppedCreateResponses: 0,
  results: { succeeded: 0, errored: 0, expired: 0, canceled: 0 },
});
