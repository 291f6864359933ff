import type { ModelTable } from '@quarry/core';
import { type BatchStats, emptyBatchCounters } from './batch-stats';
import { addBilledUsage, type BilledUsage, batchPriceFactor, emptyBilledUsage } from './billed-usage';
import { type FaultKind, faultKinds } from './fault';
import type { FileStats } from './file-store';
import type { RequestLane } from './message-responder';
import type { MessageResponse } from './messages-wire';
import type { PlantedReport } from './planted-report';
import type { SimulationCounters } from './simulated-model';

/** Calls the stand-in received for one document. */
export interface DocumentCalls {
  /** Valid requests, whatever they were answered with. */
  calls: number;
  /** Requests answered with a message (status 200), the calls a model would bill. */
  answered: number;
}

/** Counters of a stand-in since it started (`GET /_standin/stats` returns the same JSON). */
export interface StandinStats {
  /** `POST /v1/messages` requests received, valid or not. */
  requests: number;
  /** Requests not answered yet. */
  inFlight: number;
  /**
   * Answers by HTTP status (`"200"`, `"429"`, …), plus `"reset"` for connections reset on purpose
   * and `"stall"` for answers stalled on purpose after their headers.
   */
  byStatus: Record<string, number>;
  /** Requests whose client went away before the answer. */
  aborted: number;
  /** Injected faults by kind. */
  faults: Record<FaultKind, number>;
  /** Prompt-cache writes, reads and live entries. */
  cache: { writes: number; reads: number; entries: number };
  /** What the simulated model did; null in scripted mode. */
  simulation: SimulationCounters | null;
  /**
   * The field mistakes planted by `simulate.plant`, by document name and in total; null without
   * `plant` (and in scripted mode).
   */
  planted: PlantedReport | null;
  /** Calls per document name (see `StandinOptions.documentKey`). */
  perDocument: Record<string, DocumentCalls>;
  /**
   * Input tokens of answered messages per document name (both lanes), as the rate limit counts
   * them: uncached input and cache writes, cache reads left out.
   */
  inputTokensPerDocument: Record<string, number>;
  /**
   * Messages answered and what they bill, by lane: `realtime` (`POST /v1/messages`, status 200) at
   * the model table's prices, `batch` (succeeded batch entries) at {@link batchPriceFactor} of them.
   */
  billing: Record<RequestLane, BilledUsage>;
  /** The Message Batches API: batches by what happened to them, and entries by result. */
  batches: BatchStats;
  /**
   * Succeeded batch entries (billed answers) per `custom_id`, over every batch: a value above 1
   * means one request was paid for more than once.
   */
  batchAnswersPerCustomId: Record<string, number>;
  /** The Files API: uploads, deletes, refused uploads, and what is stored now. */
  files: FileStats;
}

/** Mutable counters behind {@link StandinStats}. */
export class StatsRecorder {
  requests = 0;
  inFlight = 0;
  aborted = 0;
  readonly #byStatus = new Map<string, number>();
  readonly #faults = new Map<FaultKind, number>();
  readonly #documents = new Map<string, DocumentCalls>();
  readonly #documentInput = new Map<string, number>();
  readonly #billing: Record<RequestLane, BilledUsage> = {
    realtime: emptyBilledUsage(),
    batch: emptyBilledUsage(),
  };
  readonly #models: ModelTable;
  readonly #batchAnswers = new Map<string, number>();
  /** Counted by the batches endpoint and processor. */
  readonly batches = emptyBatchCounters();

  constructor(options: { readonly models: ModelTable }) {
    this.#models = options.models;
  }

  /** Counts a call for the document and returns how many calls it had before. */
  call(documentKey: string): number {
    const entry = this.#documents.get(documentKey);
    if (entry) return entry.calls++;
    this.#documents.set(documentKey, { calls: 1, answered: 0 });
    return 0;
  }

  /** Counts a succeeded (billed) batch entry by its `custom_id`. */
  batchAnswered(customId: string): void {
    this.#batchAnswers.set(customId, (this.#batchAnswers.get(customId) ?? 0) + 1);
  }

  /** Counts an answered message of the document, and the input tokens the rate limit counts of it. */
  answered(documentKey: string, message: MessageResponse): void {
    const entry = this.#documents.get(documentKey);
    if (entry) entry.answered++;
    const { input_tokens, cache_creation_input_tokens } = message.usage;
    const input = input_tokens + cache_creation_input_tokens;
    this.#documentInput.set(documentKey, (this.#documentInput.get(documentKey) ?? 0) + input);
  }

  /** Counts a message a model would bill, priced for its lane. */
  billed(lane: RequestLane, message: MessageResponse): void {
    const priceFactor = lane === 'batch' ? batchPriceFactor : 1;
    addBilledUsage(this.#billing[lane], message, { models: this.#models, priceFactor });
  }

  status(status: number | 'reset' | 'stall'): void {
    const key = String(status);
    this.#byStatus.set(key, (this.#byStatus.get(key) ?? 0) + 1);
  }

  fault(kind: FaultKind): void {
    this.#faults.set(kind, (this.#faults.get(kind) ?? 0) + 1);
  }

  snapshot(parts: {
    readonly cache: StandinStats['cache'];
    readonly simulation: SimulationCounters | null;
    readonly planted: PlantedReport | null;
    readonly batches: BatchStats;
    readonly files: FileStats;
  }): StandinStats {
    const faults = Object.fromEntries(faultKinds.map((kind) => [kind, this.#faults.get(kind) ?? 0]));
    const perDocument: Record<string, DocumentCalls> = {};
    for (const [key, calls] of this.#documents) perDocument[key] = { ...calls };
    return {
      requests: this.requests,
      inFlight: this.inFlight,
      byStatus: Object.fromEntries(this.#byStatus),
      aborted: this.aborted,
      faults: faults as Record<FaultKind, number>,
      cache: parts.cache,
      simulation: parts.simulation ? { ...parts.simulation } : null,
      planted: parts.planted,
      perDocument,
      inputTokensPerDocument: Object.fromEntries(this.#documentInput),
      billing: { realtime: { ...this.#billing.realtime }, batch: { ...this.#billing.batch } },
      batches: parts.batches,
      batchAnswersPerCustomId: Object.fromEntries(this.#batchAnswers),
      files: parts.files,
    };
  }
}
