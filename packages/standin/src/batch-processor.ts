import { setTimeout as sleep, setImmediate as yieldToIo } from 'node:timers/promises';
import { answerBatchEntry, type BatchEntryContext } from './answer-batch-entry';
import type { BatchCounters } from './batch-stats';
import type { StoredBatch } from './stored-batch';

/** Entries answered between two turns of the event loop, so a large batch never blocks the server. */
const entriesPerTurn = 100;

const isAbort = (error: unknown): boolean => (error as Error | null)?.name === 'AbortError';

/**
 * Runs batches: waits `delayMs` (cut short by a cancel), answers the entries in order, and ends
 * the batch. A canceled batch stops before its next entry, stays `canceling` for `cancelDelayMs`,
 * and ends with the entries not answered `canceled`. Closing the stand-in stops every run.
 */
export class BatchProcessor {
  readonly #context: BatchEntryContext;
  readonly #counters: BatchCounters;
  readonly #delayMs: number;
  readonly #cancelDelayMs: number;
  readonly #signal: AbortSignal;

  constructor(options: {
    readonly context: BatchEntryContext;
    readonly counters: BatchCounters;
    readonly delayMs: number;
    readonly cancelDelayMs: number;
    readonly signal: AbortSignal;
  }) {
    this.#context = options.context;
    this.#counters = options.counters;
    this.#delayMs = options.delayMs;
    this.#cancelDelayMs = options.cancelDelayMs;
    this.#signal = options.signal;
  }

  /** Processes `batch` to its end; resolves early, leaving it as it is, when the stand-in closes. */
  async run(batch: StoredBatch): Promise<void> {
    try {
      await this.#wait(this.#delayMs, AbortSignal.any([this.#signal, batch.cancelAsked.signal]));
      for (const [index, entry] of batch.entries.entries()) {
        if (batch.status !== 'in_progress' || this.#signal.aborted) break;
        entry.result = await answerBatchEntry(batch, entry, this.#context);
        entry.params = null;
        if (index % entriesPerTurn === entriesPerTurn - 1) await yieldToIo();
      }
      if (this.#signal.aborted) return;
      if (batch.status === 'canceling') await this.#wait(this.#cancelDelayMs, this.#signal);
      if (this.#signal.aborted) return;
      batch.end(Date.now());
      this.#counters.ended++;
      for (const entry of batch.entries) if (entry.result) this.#counters.results[entry.result.type]++;
    } catch (error) {
      if (!(isAbort(error) && this.#signal.aborted)) throw error;
    }
  }

  /** Sleeps `ms`; an abort of `signal` ends the sleep early (and is not an error here). */
  async #wait(ms: number, signal: AbortSignal): Promise<void> {
    if (ms === 0 || signal.aborted) return;
    try {
      await sleep(ms, undefined, { signal });
    } catch (error) {
      if (!isAbort(error)) throw error;
    }
  }
}
