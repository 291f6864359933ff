import type { Queue } from 'bullmq';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { withQuarryScripts } from './scripts/quarry-scripts';

/** Defaults of {@link FairOrder}. */
export const fairOrderDefaults = {
  /** Weighted input tokens one priority level stands for. */
  levelTokens: 1000,
  /** The level past which every tag is moved down (BullMQ allows priorities up to 2,097,151). */
  renumberAt: 1_048_576,
  /** Most tenants kept in the seen set (`keys.tenants.seen`). */
  maxSeenTenants: 10_000,
} as const;

/** Options of {@link FairOrder}. */
export interface FairOrderOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** The extraction queue whose jobs are ordered. */
  readonly queue: Queue;
  /** Default {@link fairOrderDefaults}.levelTokens. */
  readonly levelTokens?: number;
  /** Default {@link fairOrderDefaults}.renumberAt. */
  readonly renumberAt?: number;
  /** Clock in ms. Default `Date.now`. */
  readonly now?: () => number;
}

/** One job to place: its tenant and about how many input tokens it will spend (`fairShareCost`). */
export interface FairOrderEntry {
  readonly tenant: string;
  readonly costTokens: number;
}

/**
 * The fair order of an extraction queue between tenants: each job gets a BullMQ priority from its
 * tenant's virtual finish tag (`fair-stamp-7`), so the queue hands out jobs in proportion to the
 * tenants' weights, counted in input tokens, and one tenant's backlog never stands in front of
 * another's next job. Work-conserving: priorities only order jobs, any free worker takes the next.
 * One script call per `stamp`, whatever the number of jobs.
 */
export class FairOrder {
  readonly #redis;
  readonly #keys: QuarryKeys;
  readonly #queue: Queue;
  readonly #levelTokens: number;
  readonly #renumberAt: number;
  readonly #now: () => number;

  constructor(options: FairOrderOptions) {
    this.#redis = withQuarryScripts(options.redis);
    this.#keys = options.keys;
    this.#queue = options.queue;
    this.#levelTokens = positiveOption('levelTokens', options.levelTokens ?? fairOrderDefaults.levelTokens);
    this.#renumberAt = positiveOption('renumberAt', options.renumberAt ?? fairOrderDefaults.renumberAt);
    this.#now = options.now ?? Date.now;
  }

  /** The BullMQ priority of each job, in order (one round trip). */
  async stamp(entries: readonly FairOrderEntry[]): Promise<number[]> {
    if (entries.length === 0) return [];
    const queue = this.#queue;
    const priorities = await this.#redis.quarryFairStamp(
      this.#keys.tenants.fair(),
      this.#keys.tenants.settings(),
      queue.toKey('prioritized'),
      queue.toKey('delayed'),
      queue.toKey('active'),
      queue.toKey('waiting-children'),
      this.#keys.tenants.seen(),
      this.#levelTokens,
      this.#renumberAt,
      queue.toKey(''),
      this.#now(),
      fairOrderDefaults.maxSeenTenants,
      ...entries.flatMap(({ tenant, costTokens }) => [tenant, Math.max(0, Math.ceil(costTokens))]),
    );
    return priorities.map(Number);
  }
}

function positiveOption(name: string, value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > 2_097_151) {
    throw new RangeError(`FairOrder: ${name} must be a whole number from 1 to 2097151, got ${value}`);
  }
  return value;
}
