import { type AttemptRecord, cacheDefaults, type FirstAttemptHistory } from '@quarry/core';
import {
  addWorkflowStats,
  type DecayedWorkflowRate,
  emptyWorkflowStats,
  type WorkflowStatsCounts,
  type WorkflowStatsStore,
  type WorkflowVersion,
} from '@quarry/queue';
import type { Logger } from 'pino';
import { describeError } from './describe-error';
import type { CacheGauges } from './metrics/cache-gauges';

/** Options of {@link WorkflowStatsRecorder}. */
export interface WorkflowStatsRecorderOptions {
  readonly store: WorkflowStatsStore;
  /** How long one read of a version's decayed counters is reused. */
  readonly refreshMs: number;
  /** How often counts gathered in memory are written. Default 1000 ms. */
  readonly flushMs?: number;
  readonly log: Logger;
  readonly gauges?: CacheGauges;
  readonly now?: () => number;
}

interface CachedRead {
  readonly at: number;
  readonly value: FirstAttemptHistory | null;
  refreshing: Promise<FirstAttemptHistory | null> | null;
}

const keyOf = (version: WorkflowVersion) => `${version.version}\u0000${version.workflow}`;

/**
 * The worker's side of the workflow statistics: each attempt and each valid job is counted in
 * memory and written once a second (one script call per workflow version, not one per job); the
 * write replies with the version's decayed counters, so the first-attempt history cache placement
 * judges by comes with it. A version this worker has not written lately is read (one command) at
 * most once per `refreshMs` (once per flush while it holds too few first attempts to judge by; a
 * stale value is used while it is read again). Statistics are best effort: a failed write is kept
 * for the next flush and logged; a failed read is logged and counts as unknown history.
 */
export class WorkflowStatsRecorder {
  readonly #options: WorkflowStatsRecorderOptions;
  readonly #now: () => number;
  #pending = new Map<string, { version: WorkflowVersion; counts: WorkflowStatsCounts }>();
  readonly #reads = new Map<string, CachedRead>();
  readonly #timer: NodeJS.Timeout;
  #flushing: Promise<void> = Promise.resolve();

  constructor(options: WorkflowStatsRecorderOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#timer = setInterval(() => void this.flush(), options.flushMs ?? 1000);
    this.#timer.unref();
  }

  /** Counts one stored attempt of a job of `version`. */
  attempt(version: WorkflowVersion, record: AttemptRecord): void {
    const counts = this.#countsOf(version);
    counts.calls += 1;
    counts.callsByModel[record.model] = (counts.callsByModel[record.model] ?? 0) + 1;
    if (record.n === 1) {
      counts.firstAttempts += 1;
      if (record.issues.length > 0) counts.firstAttemptFailures += 1;
    }
    if (record.costUsd === null) counts.unpricedCalls += 1;
    else counts.costUsd += record.costUsd;
    counts.inputTokens += record.usage.inputTokens;
    counts.outputTokens += record.usage.outputTokens;
    counts.cacheWriteTokens += record.usage.cacheCreationInputTokens;
    counts.cacheReadTokens += record.usage.cacheReadInputTokens;
  }

  /** Counts one job of `version` completed with a valid result. */
  completed(version: WorkflowVersion): void {
    this.#countsOf(version).validJobs += 1;
  }

  /** The version's decayed first attempts and failures; null when unknown (Redis failed). */
  async firstAttemptHistory(version: WorkflowVersion): Promise<FirstAttemptHistory | null> {
    const key = keyOf(version);
    const cached = this.#reads.get(key);
    if (cached && this.#now() - cached.at < this.#reuseMs(cached.value)) return cached.value;
    if (cached) {
      cached.refreshing ??= this.#read(version);
      return cached.value;
    }
    return this.#read(version);
  }

  /** Writes what was counted since the last flush (one flush at a time). */
  flush(): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write());
    return this.#flushing;
  }

  /** Stops the timer and writes what is left. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }

  /** Counters with too few first attempts to judge by are read again after a flush rather than after `refreshMs`. */
  #reuseMs(value: FirstAttemptHistory | null): number {
    const known = value !== null && value.firstAttempts >= cacheDefaults.minSamples;
    return known ? this.#options.refreshMs : Math.min(this.#options.refreshMs, this.#options.flushMs ?? 1000);
  }

  #countsOf(version: WorkflowVersion): WorkflowStatsCounts {
    const key = keyOf(version);
    let entry = this.#pending.get(key);
    if (!entry) {
      entry = {
        version: { workflow: version.workflow, version: version.version },
        counts: emptyWorkflowStats(),
      };
      this.#pending.set(key, entry);
    }
    return entry.counts;
  }

  async #write(): Promise<void> {
    const batch = this.#pending;
    if (batch.size === 0) return;
    this.#pending = new Map();
    for (const { version, counts } of batch.values()) {
      try {
        this.#remember(version, await this.#options.store.record(version, counts));
      } catch (error) {
        // Kept for the next flush: statistics are not lost while Redis is briefly away.
        addWorkflowStats(this.#countsOf(version), counts);
        this.#options.log.warn(
          { workflow: version.workflow, version: version.version, error: describeError(error) },
          'workflow statistics not written; kept for the next flush',
        );
      }
    }
  }

  async #read(version: WorkflowVersion): Promise<FirstAttemptHistory | null> {
    try {
      return this.#remember(version, await this.#options.store.readRate(version));
    } catch (error) {
      this.#options.log.warn(
        { workflow: version.workflow, version: version.version, error: describeError(error) },
        'workflow statistics not read; cache placement treats the failure rate as unknown',
      );
      this.#reads.set(keyOf(version), { at: this.#now(), value: null, refreshing: null });
      return null;
    }
  }

  #remember(version: WorkflowVersion, rate: DecayedWorkflowRate): FirstAttemptHistory {
    const value = { firstAttempts: rate.firstAttempts, firstAttemptFailures: rate.firstAttemptFailures };
    this.#reads.set(keyOf(version), { at: this.#now(), value, refreshing: null });
    this.#options.gauges?.window(version.workflow, {
      firstAttemptFailureRate: rate.firstAttempts > 0 ? rate.firstAttemptFailures / rate.firstAttempts : null,
      cacheReadShare: rate.promptTokens > 0 ? rate.cacheReadTokens / rate.promptTokens : null,
    });
    return value;
  }
}
