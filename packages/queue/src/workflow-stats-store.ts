import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { type QuarryScriptCommands, withQuarryScripts } from './scripts/quarry-scripts';
import {
  addWorkflowStats,
  emptyWorkflowStats,
  scalarFieldNames,
  type WorkflowStatsCounts,
  type WorkflowVersion,
} from './workflow-stats-counts';

/** Defaults of {@link WorkflowStatsStore}. */
export const workflowStatsDefaults = {
  /** Width of one time bucket. */
  bucketMs: 5 * 60_000,
  /** The longest window that can be read; buckets expire a bucket after it. */
  maxWindowMs: 24 * 3_600_000,
  /** Half-life of the decayed counters cache placement judges by. */
  halfLifeMs: 30 * 60_000,
} as const;

/**
 * A workflow version's decayed counters now: each first attempt, failure and token weighs
 * 2^(−age / half-life), so recent jobs count most and old ones fade away.
 */
export interface DecayedWorkflowRate {
  readonly firstAttempts: number;
  readonly firstAttemptFailures: number;
  readonly cacheReadTokens: number;
  /** Input, cache-write and cache-read tokens. */
  readonly promptTokens: number;
}

/** Options of {@link WorkflowStatsStore}. */
export interface WorkflowStatsStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** Default {@link workflowStatsDefaults}.bucketMs. */
  readonly bucketMs?: number;
  /** Default {@link workflowStatsDefaults}.maxWindowMs. */
  readonly maxWindowMs?: number;
  /** Default {@link workflowStatsDefaults}.halfLifeMs. */
  readonly halfLifeMs?: number;
  /** Clock in milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

const MODEL_FIELD = /^[A-Za-z0-9][A-Za-z0-9._@:-]{0,127}$/;

/**
 * Counters of each workflow version's jobs (first attempts and their failures, calls by model,
 * valid jobs, cost, tokens by kind) in time buckets that expire once older than the longest window,
 * plus decayed counters of first attempts, failures and cache reads (what cache placement judges
 * by): memory stays bounded by versions × buckets. Recording adds one flush of counts in one script
 * call, which also replies with the decayed counters; reading them is one command, reading a window
 * sums its buckets in one pipeline.
 */
export class WorkflowStatsStore {
  readonly #redis: RedisClient & QuarryScriptCommands;
  readonly #keys: QuarryKeys;
  readonly #bucketMs: number;
  readonly #maxWindowMs: number;
  readonly #halfLifeMs: number;
  readonly #now: () => number;

  constructor(options: WorkflowStatsStoreOptions) {
    this.#bucketMs = options.bucketMs ?? workflowStatsDefaults.bucketMs;
    this.#maxWindowMs = options.maxWindowMs ?? workflowStatsDefaults.maxWindowMs;
    if (!(Number.isInteger(this.#bucketMs) && this.#bucketMs >= 1000)) {
      throw new TypeError(`bucketMs must be a whole number of milliseconds from 1000, got ${this.#bucketMs}`);
    }
    if (!(Number.isFinite(this.#maxWindowMs) && this.#maxWindowMs >= this.#bucketMs)) {
      throw new TypeError(`maxWindowMs must be at least bucketMs, got ${this.#maxWindowMs}`);
    }
    this.#halfLifeMs = options.halfLifeMs ?? workflowStatsDefaults.halfLifeMs;
    if (!(Number.isFinite(this.#halfLifeMs) && this.#halfLifeMs >= 1000)) {
      throw new TypeError(`halfLifeMs must be at least 1000, got ${this.#halfLifeMs}`);
    }
    this.#redis = withQuarryScripts(options.redis);
    this.#keys = options.keys;
    this.#now = options.now ?? Date.now;
  }

  /** The longest window {@link read} covers. */
  get maxWindowMs(): number {
    return this.#maxWindowMs;
  }

  /**
   * Adds `counts` to the version's current bucket and decayed counters, and returns the decayed
   * counters as they now stand. Models with odd ids count as `other`.
   */
  async record(version: WorkflowVersion, counts: WorkflowStatsCounts): Promise<DecayedWorkflowRate> {
    const now = this.#now();
    const args: (string | number)[] = [];
    for (const [field, name] of Object.entries(scalarFieldNames)) {
      const value = counts[field as keyof typeof scalarFieldNames];
      if (value !== 0 && Number.isFinite(value)) args.push(name, value);
    }
    for (const [model, calls] of Object.entries(counts.callsByModel)) {
      args.push(`m:${MODEL_FIELD.test(model) ? model : 'other'}`, calls);
    }
    const keys = this.#keys.workflowStats;
    const reply = await this.#redis.quarryRecordWorkflowStats(
      keys.bucket(version.workflow, version.version, this.#bucketStart(now)),
      keys.index(),
      keys.rate(version.workflow, version.version),
      member(version),
      now,
      this.#maxWindowMs + 2 * this.#bucketMs,
      this.#maxWindowMs + this.#bucketMs,
      this.#halfLifeMs,
      counts.firstAttempts,
      counts.firstAttemptFailures,
      counts.cacheReadTokens,
      counts.inputTokens + counts.cacheWriteTokens + counts.cacheReadTokens,
      ...args,
    );
    return rateOf(reply, 1);
  }

  /** The version's decayed counters now (one command); zeros when it has none. */
  async readRate(version: WorkflowVersion): Promise<DecayedWorkflowRate> {
    const reply = await this.#redis.hmget(
      this.#keys.workflowStats.rate(version.workflow, version.version),
      'ref',
      'f',
      'ff',
      'cr',
      'pt',
    );
    const ref = Number(reply[0] ?? Number.NaN);
    const now = this.#now();
    const decay = Number.isFinite(ref) ? 2 ** (Math.min(0, ref - now) / this.#halfLifeMs) : 0;
    return rateOf(reply.slice(1), decay);
  }

  /** The version's counts over the last `windowMs` (whole buckets, clamped to the longest window). */
  async read(version: WorkflowVersion, windowMs: number): Promise<WorkflowStatsCounts> {
    const now = this.#now();
    const window = Math.min(Math.max(windowMs, this.#bucketMs), this.#maxWindowMs);
    const pipeline = this.#redis.pipeline();
    for (let start = this.#bucketStart(now - window + 1); start <= now; start += this.#bucketMs) {
      pipeline.hgetall(this.#keys.workflowStats.bucket(version.workflow, version.version, start));
    }
    const replies = (await pipeline.exec()) ?? [];
    const total = emptyWorkflowStats();
    for (const [error, hash] of replies) {
      if (error) throw error;
      addWorkflowStats(total, fromHash(hash as Record<string, string>));
    }
    return total;
  }

  /** The versions recorded within the last `windowMs`, by name then version. */
  async list(windowMs: number): Promise<WorkflowVersion[]> {
    const since = this.#now() - Math.min(Math.max(windowMs, 0), this.#maxWindowMs + this.#bucketMs);
    const members = await this.#redis.zrangebyscore(this.#keys.workflowStats.index(), since, '+inf');
    return members
      .flatMap((text) => {
        const match = /^(.+)@v(\d+)$/.exec(text);
        if (!match?.[1] || !match[2]) return [];
        return [{ workflow: decodeURIComponent(match[1]), version: Number(match[2]) }];
      })
      .sort((a, b) => a.workflow.localeCompare(b.workflow) || a.version - b.version);
  }

  #bucketStart(ms: number): number {
    return Math.floor(ms / this.#bucketMs) * this.#bucketMs;
  }
}

const member = (version: WorkflowVersion): string =>
  `${encodeURIComponent(version.workflow)}@v${version.version}`;

function rateOf(values: readonly (string | null | undefined)[], decay: number): DecayedWorkflowRate {
  const at = (index: number) => {
    const value = Number(values[index] ?? 0) * decay;
    return Number.isFinite(value) && value > 0 ? value : 0;
  };
  return { firstAttempts: at(0), firstAttemptFailures: at(1), cacheReadTokens: at(2), promptTokens: at(3) };
}

function fromHash(hash: Record<string, string>): WorkflowStatsCounts {
  const counts = emptyWorkflowStats();
  for (const [field, name] of Object.entries(scalarFieldNames)) {
    const value = Number(hash[name] ?? 0);
    counts[field as keyof typeof scalarFieldNames] = Number.isFinite(value) ? value : 0;
  }
  for (const [name, value] of Object.entries(hash)) {
    if (!name.startsWith('m:')) continue;
    const calls = Number(value);
    if (Number.isFinite(calls)) counts.callsByModel[name.slice(2)] = calls;
  }
  return counts;
}
