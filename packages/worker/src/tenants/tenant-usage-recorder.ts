import { TenantId } from '@quarry/core';
import {
  addTenantUsage,
  emptyTenantUsage,
  type TenantUsageCounts,
  type TenantUsageStore,
  tenantWaitBucket,
} from '@quarry/queue';
import type { Logger } from 'pino';
import { describeError } from '../describe-error';

/** Defaults of {@link TenantUsageRecorder}. */
const tenantUsageRecorderDefaults = {
  flushMs: 1000,
  /** Most tenants whose counts are held between flushes; counts of further tenants are lost. */
  maxTenants: 10_000,
} as const;

/** Options of {@link TenantUsageRecorder}. */
export interface TenantUsageRecorderOptions {
  readonly store: Pick<TenantUsageStore, 'record'>;
  readonly log: Logger;
  /** How often counts gathered in memory are written. Default 1000 ms. */
  readonly flushMs?: number;
  /** Most tenants held between flushes (a failed flush's included). Default 10,000. */
  readonly maxTenants?: number;
  /** The clock whose UTC day the counts are written under. Default `Date.now`. */
  readonly now?: () => number;
}

/** One settled attempt of a tenant's job. */
export interface TenantAttemptUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** Null when the model has no price. */
  readonly costUsd: number | null;
}

/**
 * The worker's side of tenants' usage figures: job starts, attempts and completions are counted in
 * memory and written once per `flushMs` in one `record` call for every tenant (no Redis command per
 * job). Figures are best effort: a failed write is logged and kept for the next flush; past
 * `maxTenants` held, a further tenant's counts are dropped and counted in {@link lost}.
 */
export class TenantUsageRecorder {
  readonly #store: Pick<TenantUsageStore, 'record'>;
  readonly #log: Logger;
  readonly #now: () => number;
  readonly #maxTenants: number;
  readonly #timer: NodeJS.Timeout;
  #pending = new Map<string, TenantUsageCounts>();
  #flushing: Promise<void> = Promise.resolve();
  #lost = 0;
  #lostLogged = 0;

  constructor(options: TenantUsageRecorderOptions) {
    const defaults = tenantUsageRecorderDefaults;
    this.#store = options.store;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
    this.#maxTenants = wholeOption('maxTenants', options.maxTenants ?? defaults.maxTenants);
    const flushMs = wholeOption('flushMs', options.flushMs ?? defaults.flushMs);
    this.#timer = setInterval(() => void this.flush(), flushMs);
    this.#timer.unref();
  }

  /** Times counts were dropped: a tenant past `maxTenants` held, or a tenant id that is not one. */
  get lost(): number {
    return this.#lost;
  }

  /** A job run of `tenant` started after waiting `waitMs` in the queue. */
  started(tenant: string, waitMs: number): void {
    const counts = this.#countsOf(tenant);
    if (!counts) return;
    counts.started += 1;
    const bucket = tenantWaitBucket(waitMs);
    counts.waits[bucket] = (counts.waits[bucket] ?? 0) + 1;
  }

  /** One settled attempt (model call) of a job of `tenant`. */
  attempt(tenant: string, usage: TenantAttemptUsage): void {
    const counts = this.#countsOf(tenant);
    if (!counts) return;
    counts.attempts += 1;
    counts.inputTokens += nonNegative(usage.inputTokens);
    counts.outputTokens += nonNegative(usage.outputTokens);
    counts.costUsd += nonNegative(usage.costUsd ?? 0);
  }

  /** A job of `tenant` completed with a valid result. */
  completed(tenant: string): void {
    const counts = this.#countsOf(tenant);
    if (counts) counts.completed += 1;
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

  #countsOf(tenant: string): TenantUsageCounts | null {
    const held = this.#pending.get(tenant);
    if (held) return held;
    if (this.#pending.size >= this.#maxTenants || !TenantId.safeParse(tenant).success) {
      this.#lost += 1;
      return null;
    }
    const counts = emptyTenantUsage();
    this.#pending.set(tenant, counts);
    return counts;
  }

  async #write(): Promise<void> {
    const batch = this.#pending;
    this.#logLost();
    if (batch.size === 0) return;
    this.#pending = new Map();
    const entries = [...batch].map(([tenant, counts]) => ({ tenant, counts }));
    try {
      await this.#store.record({ entries, nowMs: this.#now() });
    } catch (error) {
      // Kept for the next flush (within maxTenants): figures survive Redis being briefly away.
      for (const { tenant, counts } of entries) {
        const into = this.#countsOf(tenant);
        if (into) addTenantUsage(into, counts);
      }
      this.#log.warn(
        { tenants: entries.length, lost: this.#lost, error: describeError(error) },
        'tenant usage not written; kept for the next flush',
      );
    }
  }

  #logLost(): void {
    if (this.#lost === this.#lostLogged) return;
    this.#log.warn(
      { lost: this.#lost - this.#lostLogged, maxTenants: this.#maxTenants },
      'tenant usage counts dropped: too many tenants held, or a tenant id that is not one',
    );
    this.#lostLogged = this.#lost;
  }
}

function nonNegative(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

function wholeOption(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > 2_147_483_647) {
    throw new RangeError(`TenantUsageRecorder: ${name} must be a whole number from 1, got ${value}`);
  }
  return value;
}
