import {
  clampTimerDelay,
  type HeaderBudget,
  MAX_TIMER_DELAY_MS,
  type PacingDraw,
  type PacingSettlement,
  type RateLimitDimensionName,
} from '@quarry/core';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { withQuarryScripts } from './scripts/quarry-scripts';

/** Levels of a budget after a draw or settlement, per dimension; null where it has no cap. */
export type PacerLevels = Readonly<Record<RateLimitDimensionName, number | null>>;

/**
 * What a draw granted: `paced` (send after `waitMs`), `probe` (send now: the first call of a budget
 * whose limits are unknown), `probing` (another call is probing: draw again after `waitMs`) or
 * `bare` (the API sends no rate-limit headers and no ceiling is configured: send unpaced, and
 * draw no more for `waitMs`).
 */
export interface PacerGrant {
  readonly mode: 'paced' | 'probe' | 'probing' | 'bare';
  readonly waitMs: number;
  readonly levels: PacerLevels;
}

/** Units a minute a budget allows when the API sends no rate-limit headers; null: no ceiling. */
export interface PacerCeilings {
  readonly requests: number | null;
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
}

/** Options of {@link PacerBudgetStore}. Defaults in {@link pacerBudgetDefaults}. */
export interface PacerBudgetStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  readonly ceilings: PacerCeilings;
  /** How long a probe call may take before another call probes instead. */
  readonly probeMs?: number;
  /** How long a budget whose answers carried no rate-limit header stays unpaced before probing again. */
  readonly headerlessMs?: number;
  /** How long an unused budget is kept. */
  readonly idleMs?: number;
  /**
   * The longest one draw may be asked to wait: a budget's level and its no-call-before time are
   * cut to it when read, so a corrupt or hand-edited key cannot stall calls for longer.
   */
  readonly maxWaitMs?: number;
}

export const pacerBudgetDefaults = {
  probeMs: 5000,
  headerlessMs: 300_000,
  idleMs: 3_600_000,
  maxWaitMs: 600_000,
} as const;

/** A store option in milliseconds: a whole number from 1 to the timer maximum, or a clear error. */
function millisecondsOption(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_TIMER_DELAY_MS) {
    throw new RangeError(
      `PacerBudgetStore: ${name} must be a whole number of ms from 1 to ${MAX_TIMER_DELAY_MS}, got ${value}`,
    );
  }
  return value;
}

/** What a settlement applies besides the units: the headers' update, and a retry-after. */
export interface PacerSettleOptions {
  readonly units: PacingSettlement;
  /** `yes`: the response had rate-limit headers; `no`: an answer without any; `skip`: no answer. */
  readonly headers: 'yes' | 'no' | 'skip';
  readonly update?: Partial<Record<RateLimitDimensionName, HeaderBudget>>;
  /** A 429's retry-after, already clamped: no call is granted before it has passed. */
  readonly retryAfterMs?: number | null;
}

/** Budget keys a store remembers; past that, each is hashed again when asked for. */
const MAX_CACHED_BUDGET_KEYS = 64;

const dimensions: readonly RateLimitDimensionName[] = ['requests', 'inputTokens', 'outputTokens'];

/**
 * The shared rate-limit budgets in Redis (`keys.pacerBudget`): one token bucket per API key and
 * model class and dimension, drawn before each call and settled after it, in one script each.
 */
export class PacerBudgetStore {
  readonly #redis;
  readonly #keys: QuarryKeys;
  /** Budget keys already hashed, by class and API key ({@link MAX_CACHED_BUDGET_KEYS} at most). */
  readonly #budgetKeys = new Map<string, string>();
  readonly #ceilings: readonly number[];
  readonly #probeMs: number;
  readonly #headerlessMs: number;
  readonly #idleMs: number;
  readonly #maxWaitMs: number;

  constructor(options: PacerBudgetStoreOptions) {
    this.#redis = withQuarryScripts(options.redis);
    this.#keys = options.keys;
    this.#ceilings = dimensions.map((name) => options.ceilings[name] ?? 0);
    this.#probeMs = millisecondsOption('probeMs', options.probeMs ?? pacerBudgetDefaults.probeMs);
    this.#headerlessMs = millisecondsOption(
      'headerlessMs',
      options.headerlessMs ?? pacerBudgetDefaults.headerlessMs,
    );
    this.#idleMs = millisecondsOption('idleMs', options.idleMs ?? pacerBudgetDefaults.idleMs);
    this.#maxWaitMs = millisecondsOption('maxWaitMs', options.maxWaitMs ?? pacerBudgetDefaults.maxWaitMs);
  }

  /**
   * The key of one budget; the API key is only ever hashed (once per key and class: every call asks,
   * and a worker has one API key and a few classes).
   */
  budget(apiKey: string, rateLimitClass: string): string {
    const cacheKey = `${rateLimitClass}\u0000${apiKey}`;
    let key = this.#budgetKeys.get(cacheKey);
    if (key === undefined) {
      key = this.#keys.pacerBudget(apiKey, rateLimitClass);
      if (this.#budgetKeys.size < MAX_CACHED_BUDGET_KEYS) this.#budgetKeys.set(cacheKey, key);
    }
    return key;
  }

  /**
   * Takes one call's units from `budget` and says how long the call waits before it is sent: never
   * longer than `maxWaitMs` (`headerlessMs` for `bare`), whatever the key holds.
   */
  async draw(budget: string, units: PacingDraw): Promise<PacerGrant> {
    const [mode, waitMs, ...levels] = await this.#redis.quarryPacerDraw(
      budget,
      ...dimensions.map((name) => Math.max(0, Math.ceil(units[name]))),
      ...this.#ceilings,
      this.#probeMs,
      this.#idleMs,
      this.#maxWaitMs,
      this.#headerlessMs,
    );
    const maxMs = mode === 'bare' ? this.#headerlessMs : this.#maxWaitMs;
    return {
      mode: mode as PacerGrant['mode'],
      waitMs: clampTimerDelay({ ms: Number(waitMs), maxMs }),
      levels: levelsOf(levels),
    };
  }

  /** Reconciles one call with `budget` (see {@link PacerSettleOptions}); returns the levels after it. */
  async settle(budget: string, options: PacerSettleOptions): Promise<PacerLevels> {
    const { units, update } = options;
    const levels = await this.#redis.quarryPacerSettle(
      budget,
      ...dimensions.map((name) => Math.round(units[name])),
      ...this.#ceilings,
      options.headers,
      ...dimensions.map((name) => update?.[name]?.limit ?? 0),
      ...dimensions.map((name) => {
        const level = update?.[name]?.level;
        return level === null || level === undefined ? '' : level;
      }),
      Math.max(0, Math.ceil(options.retryAfterMs ?? 0)),
      this.#headerlessMs,
      this.#idleMs,
    );
    return levelsOf(levels);
  }
}

const levelsOf = (levels: readonly string[]): PacerLevels => {
  const [requests, inputTokens, outputTokens] = levels.map((level) =>
    level === '' || level === undefined ? null : Number(level),
  );
  return { requests: requests ?? null, inputTokens: inputTokens ?? null, outputTokens: outputTokens ?? null };
};
