import { setTimeout as sleep, setImmediate as yieldToIo } from 'node:timers/promises';
import { answerBatchEntry, type BatchEntryContext } from './answer-batch-entry';
import type { BatchCounters } from './batch-stats';
import type { StoredBatch } from './stored-batch';

/** Entries answered between two turns of the event loop, so a large batch never blocks the server. */
const entriesPerTurn = 100;

const isAbort = (error: unknown): boolean => (error as Error | null)?.name === 'AbortError';

/** What a {@link BatchProcessor} answers with, counts into and waits for. */
interface BatchProcessorOptions {
  readonly context: BatchEntryContext;
  readonly counters: BatchCounters;
  readonly delayMs: number;
  readonly cancelDelayMs: number;
  readonly signal: AbortSignal;
}

/**
 * Runs batches: waits `delayMs` (cut short by a cancel), answers the entries in order, and ends
 * the batch. A canceled batch stops before its next entry, stays `canceling` for `cancelDelayMs`,
 * and ends with the entries not answered `canceled`. Closing the stand-in stops every run.
 */
export class BatchProcessor {
  readonly #options: BatchProcessorOptions;

  constructor(options: BatchProcessorOptions) {
    this.#options = options;
  }

  /** Processes `batch` to its end; resolves early, leaving it as it is, when the stand-in closes. */
  async run(batch: StoredBatch): Promise<void> {
    try {
      await this.#wait(
        this.#options.delayMs,
        AbortSignal.any([this.#options.signal, batch.cancelAsked.signal]),
      );
      for (const [index, entry] of batch.entries.entries()) {
        if (batch.status !== 'in_progress' || this.#options.signal.aborted) break;
        entry.result = await answerBatchEntry(batch, entry, this.#options.context);
        entry.params = null;
        if (index % entriesPerTurn === entriesPerTurn - 1) await yieldToIo();
      }
      if (this.#options.signal.aborted) return;
      if (batch.status === 'canceling') await this.#wait(this.#options.cancelDelayMs, this.#options.signal);
      if (this.#options.signal.aborted) return;
      batch.end(Date.now());
      this.#options.counters.ended++;
      for (const entry of batch.entries)
        if (entry.result) this.#options.counters.results[entry.result.type]++;
    } catch (error) {
      if (!(isAbort(error) && this.#options.signal.aborted)) throw error;
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
