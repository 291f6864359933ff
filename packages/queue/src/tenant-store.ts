import {
  type TenantAdmission,
  TenantId,
  type TenantPeriods,
  TenantSettings,
  tenantGateDefaults,
  tenantPeriods,
} from '@quarry/core';
import { Job, type Queue } from 'bullmq';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { withQuarryScripts } from './scripts/quarry-scripts';
import { TenantInputError } from './tenant-input-error';

/** How long spend counters are kept: a day's for two days, a month's for 62 days. */
const DAY_SPEND_TTL_S = 2 * 86_400;
const MONTH_SPEND_TTL_S = 62 * 86_400;
/** Most tenants that may have settings. */
export const MAX_TENANTS_WITH_SETTINGS = 100_000;

/** Options of {@link TenantStore}. */
export interface TenantStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** The extraction queue (for its job keys: a slot lives while its job's lock does). */
  readonly queue: Queue;
}

/** What {@link TenantStore.admit} needs of one job run. */
export interface TenantAdmitOptions {
  readonly tenant: string;
  readonly jobId: string;
  readonly settings: TenantSettings;
  readonly periods: TenantPeriods;
  /** USD the run reserves against the budget until its attempts settle (about one call). */
  readonly reserveUsd: number;
}

/**
 * Tenants in Redis: their settings (shared by every queue under the prefix), and the gate of the
 * gated ones, shared by every worker: concurrency slots that die with their job's lock, spend per
 * UTC day and month with reservations for running jobs, and the jobs parked until a slot frees or a
 * budget resets. Each gate step is one script call.
 */
export class TenantStore {
  readonly #redis;
  readonly #keys: QuarryKeys;
  readonly #queue: Queue;

  constructor(options: TenantStoreOptions) {
    this.#redis = withQuarryScripts(options.redis);
    this.#keys = options.keys;
    this.#queue = options.queue;
  }

  /**
   * Replaces a tenant's settings (absent fields: no limit, weight 1).
   * @throws TenantInputError naming every problem of the id or the settings; nothing is written.
   */
  async set(tenant: string, settings: unknown): Promise<TenantSettings> {
    const id = TenantId.safeParse(tenant);
    const parsed = TenantSettings.safeParse(settings);
    const problems = [
      ...(id.success ? [] : id.error.issues.map((issue) => `tenant: ${issue.message}`)),
      ...(parsed.success
        ? []
        : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`)),
    ];
    if (!parsed.success || !id.success) throw new TenantInputError({ problems });
    const key = this.#keys.tenants.settings();
    if ((await this.#redis.hexists(key, tenant)) === 0) {
      if ((await this.#redis.hlen(key)) >= MAX_TENANTS_WITH_SETTINGS) {
        throw new TenantInputError({
          problems: [`at most ${MAX_TENANTS_WITH_SETTINGS} tenants may have settings`],
        });
      }
    }
    await this.#redis.hset(key, tenant, JSON.stringify(parsed.data));
    return parsed.data;
  }

  /** Removes a tenant's settings; its jobs run unlimited with weight 1. True when it had some. */
  async remove(tenant: string): Promise<boolean> {
    return (await this.#redis.hdel(this.#keys.tenants.settings(), tenant)) > 0;
  }

  /** Every tenant's settings; a stored value that breaks the schema is left out (and named in `broken`). */
  async all(): Promise<{ readonly settings: Map<string, TenantSettings>; readonly broken: string[] }> {
    const raw = await this.#redis.hgetall(this.#keys.tenants.settings());
    const settings = new Map<string, TenantSettings>();
    const broken: string[] = [];
    for (const [tenant, json] of Object.entries(raw)) {
      const parsed = TenantId.safeParse(tenant).success ? parseSettings(json) : null;
      if (parsed) settings.set(tenant, parsed);
      else broken.push(tenant);
    }
    return { settings, broken };
  }

  /** The tenants jobs were last enqueued for, newest first (at most `limit`). */
  async seen(limit: number): Promise<string[]> {
    const count = Math.max(1, Math.min(Math.floor(limit), 10_000));
    return this.#redis.zrevrange(this.#keys.tenants.seen(), 0, count - 1);
  }

  /** Takes a slot for a job of a gated tenant, or says which limit it is over (`tenant-admit-5`). */
  async admit(options: TenantAdmitOptions): Promise<TenantAdmission> {
    const { tenant, settings, periods } = options;
    const tenants = this.#keys.tenants;
    const answer = await this.#redis.quarryTenantAdmit(
      tenants.slots(tenant),
      tenants.spend(tenant, periods.day),
      tenants.spend(tenant, periods.month),
      tenants.parked(tenant),
      this.#queue.toKey('delayed'),
      options.jobId,
      settings.maxConcurrency ?? 0,
      settings.dailyUsd ?? '',
      settings.monthlyUsd ?? '',
      Number.isFinite(options.reserveUsd) ? Math.max(0, options.reserveUsd) : 0,
      this.#queue.toKey(''),
    );
    if (answer === 'admitted' || answer === 'concurrency' || answer === 'day' || answer === 'month') {
      return answer;
    }
    throw new TypeError(`tenant-admit-5 answered ${String(answer).slice(0, 40)}`);
  }

  /** Records a job as parked until `untilMs` (it is woken by a freed slot or a settings change). */
  async park(tenant: string, jobId: string, untilMs: number): Promise<void> {
    await this.#redis.zadd(this.#keys.tenants.parked(tenant), Math.max(0, Math.floor(untilMs)), jobId);
  }

  /** True while a job is in the tenant's parked set (no wake-up took it out). */
  async isParked(tenant: string, jobId: string): Promise<boolean> {
    return (await this.#redis.zscore(this.#keys.tenants.parked(tenant), jobId)) !== null;
  }

  /** Counts one settled attempt's cost against the tenant's day and month (`tenant-spend-3`). */
  async spend(options: {
    readonly tenant: string;
    readonly jobId: string;
    readonly costUsd: number;
    readonly periods: TenantPeriods;
  }): Promise<void> {
    const { tenant, periods } = options;
    await this.#redis.quarryTenantSpend(
      this.#keys.tenants.slots(tenant),
      this.#keys.tenants.spend(tenant, periods.day),
      this.#keys.tenants.spend(tenant, periods.month),
      options.jobId,
      options.costUsd,
      DAY_SPEND_TTL_S,
      MONTH_SPEND_TTL_S,
    );
  }

  /**
   * Gives back a job's slot; returns the parked job of the tenant to wake (`tenant-release-4`): one
   * waiting for a slot, else, while the budgets leave room, one waiting for a budget reset; or null.
   */
  async release(options: {
    readonly tenant: string;
    readonly jobId: string;
    readonly nowMs: number;
    readonly settings?: TenantSettings | undefined;
    readonly periods?: TenantPeriods | undefined;
  }): Promise<string | null> {
    const { tenant, settings } = options;
    const periods = options.periods ?? tenantPeriods(options.nowMs);
    return this.#redis.quarryTenantRelease(
      this.#keys.tenants.slots(tenant),
      this.#keys.tenants.parked(tenant),
      this.#keys.tenants.spend(tenant, periods.day),
      this.#keys.tenants.spend(tenant, periods.month),
      options.jobId,
      options.nowMs + tenantGateDefaults.concurrencyParkMs,
      settings?.dailyUsd ?? '',
      settings?.monthlyUsd ?? '',
    );
  }

  /** Takes every parked job of a tenant (to be woken after its settings changed). */
  async takeParked(tenant: string): Promise<string[]> {
    const key = this.#keys.tenants.parked(tenant);
    const [[, ids]] = ((await this.#redis.multi().zrange(key, 0, -1).del(key).exec()) ?? [[null, []]]) as [
      [unknown, string[]],
    ];
    return ids;
  }

  /**
   * Wakes every parked job of a tenant (after its settings changed): each is promoted from `delayed`
   * and runs the gate again. A job that is gone or no longer delayed is skipped.
   * @returns how many jobs were woken.
   */
  async wakeParked(tenant: string): Promise<number> {
    let woken = 0;
    for (const id of await this.takeParked(tenant)) {
      const job = await Job.fromId(this.#queue, id).catch(() => undefined);
      if (
        job &&
        (await job.promote().then(
          () => true,
          () => false,
        ))
      )
        woken += 1;
    }
    return woken;
  }

  /** A tenant's gate now: running jobs holding slots, parked jobs, USD spent today and this month. */
  async gateState(tenant: string, periods: TenantPeriods) {
    const tenants = this.#keys.tenants;
    const results = await this.#redis
      .multi()
      .hlen(tenants.slots(tenant))
      .zcard(tenants.parked(tenant))
      .get(tenants.spend(tenant, periods.day))
      .get(tenants.spend(tenant, periods.month))
      .exec();
    const value = (index: number) => Number(results?.[index]?.[1] ?? 0) || 0;
    return { slots: value(0), parked: value(1), spentTodayUsd: value(2), spentMonthUsd: value(3) };
  }
}

function parseSettings(json: string): TenantSettings | null {
  try {
    const parsed = TenantSettings.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
