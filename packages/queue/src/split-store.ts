import { z } from 'zod';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';

/** Defaults of {@link SplitStore}, in one place. */
export const splitStoreDefaults = {
  /** How long a split's pieces are kept after their last write: 30 days, past any replay of its parent. */
  retentionSeconds: 30 * 86_400,
  /** How long they are kept once the parent completed: 1 day (a parent re-run after its completion still finds them). */
  completedRetentionSeconds: 86_400,
  /** Largest stored piece (its JSON, UTF-8): 8 MiB. */
  maxBytes: 8 * 1024 * 1024,
} as const;

/** Why a child of a split job failed: its DLQ reason code and message (never the document). */
export const SplitChildFailure = z.object({
  jobId: z.string(),
  reason: z.string(),
  message: z.string(),
  attempts: z.number().int().nonnegative(),
});
export type SplitChildFailure = z.infer<typeof SplitChildFailure>;

/** What is stored of one split: its plan, and each child's result (by round) or failure. */
export interface StoredSplit {
  /** The plan as saved, unparsed (its reader checks it). */
  readonly plan: unknown;
  /** Results by child index: `[round 0, round 1]`, each unparsed or undefined. */
  readonly results: ReadonlyMap<number, readonly [unknown, unknown]>;
  readonly failures: ReadonlyMap<number, SplitChildFailure>;
  /** The children asked again after a rule failed on the merged output; null when none were. */
  readonly rerun: readonly number[] | null;
}

/** A piece of a split over {@link splitStoreDefaults}.maxBytes. */
export class SplitPieceTooLargeError extends Error {
  override readonly name = 'SplitPieceTooLargeError';
  readonly bytes: number;
  constructor(options: { readonly what: string; readonly bytes: number }) {
    super(
      `${options.what} is ${options.bytes} bytes of JSON; a split piece holds at most ${splitStoreDefaults.maxBytes}`,
    );
    this.bytes = options.bytes;
  }
}

/**
 * The pieces of split jobs, one hash per split (`keys.split`): the plan the parent made (the first
 * saved wins, so a parent run again keeps its plan), each child's result as it completed, and each
 * child's failure. A child's result is saved before the child completes, and read by the parent to
 * merge and by the child itself when run again: a completed child is never paid twice, whether the
 * parent or the child is run again (crash, stall, replay).
 */
export class SplitStore {
  readonly #redis: RedisClient;
  readonly #keys: QuarryKeys;

  constructor(options: { readonly redis: RedisClient; readonly keys: QuarryKeys }) {
    this.#redis = options.redis;
    this.#keys = options.keys;
  }

  /** Saves `plan` unless one is saved; returns the plan that stands (unparsed). */
  async savePlan(splitId: string, plan: unknown): Promise<unknown> {
    const key = this.#keys.split(splitId);
    const json = capped(`the plan of split ${splitId}`, plan);
    const replies = await this.#redis
      .multi()
      .hsetnx(key, 'plan', json)
      .hget(key, 'plan')
      .expire(key, splitStoreDefaults.retentionSeconds)
      .exec();
    const stored = replies?.[1]?.[1];
    return typeof stored === 'string' ? parseJson(stored) : plan;
  }

  /** Saves a child's result of one round and clears any failure it had. */
  async saveResult(options: {
    readonly splitId: string;
    readonly index: number;
    readonly round: number;
    readonly result: unknown;
  }): Promise<void> {
    const key = this.#keys.split(options.splitId);
    const json = capped(`the result of child ${options.index}`, options.result);
    await this.#redis
      .multi()
      .hset(key, resultField(options.index, options.round), json)
      .hdel(key, `f:${options.index}`)
      .expire(key, splitStoreDefaults.retentionSeconds)
      .exec();
  }

  /** The result a child saved in one round, unparsed; null when none. */
  async result(options: { readonly splitId: string; readonly index: number; readonly round: number }) {
    const json = await this.#redis.hget(
      this.#keys.split(options.splitId),
      resultField(options.index, options.round),
    );
    return json === null ? null : (JSON.parse(json) as unknown);
  }

  /** Saves why a child failed (replacing an earlier failure). */
  async saveFailure(options: {
    readonly splitId: string;
    readonly index: number;
    readonly failure: SplitChildFailure;
  }): Promise<void> {
    const key = this.#keys.split(options.splitId);
    const json = capped(`the failure of child ${options.index}`, SplitChildFailure.parse(options.failure));
    await this.#redis
      .multi()
      .hset(key, `f:${options.index}`, json)
      .expire(key, splitStoreDefaults.retentionSeconds)
      .exec();
  }

  /** Records which children are asked again (once: the first record stands); returns the record that stands. */
  async saveRerun(splitId: string, indices: readonly number[]): Promise<readonly number[]> {
    const key = this.#keys.split(splitId);
    const replies = await this.#redis
      .multi()
      .hsetnx(key, 'rerun', capped(`the re-run of split ${splitId}`, indices))
      .hget(key, 'rerun')
      .expire(key, splitStoreDefaults.retentionSeconds)
      .exec();
    const stored = replies?.[1]?.[1];
    return typeof stored === 'string' ? indicesOf(parseJson(stored)) : [...indices];
  }

  /** Everything stored of a split; an empty plan (null) when there is none. */
  async read(splitId: string): Promise<StoredSplit> {
    const fields = await this.#redis.hgetall(this.#keys.split(splitId));
    const results = new Map<number, [unknown, unknown]>();
    const failures = new Map<number, SplitChildFailure>();
    for (const [field, json] of Object.entries(fields)) {
      const match = /^(r|r1|f):(\d{1,5})$/.exec(field);
      if (!match) continue;
      const index = Number(match[2]);
      const value = parseJson(json);
      if (match[1] === 'f') {
        const failure = SplitChildFailure.safeParse(value);
        if (failure.success) failures.set(index, failure.data);
        continue;
      }
      const pair = results.get(index) ?? [undefined, undefined];
      pair[match[1] === 'r' ? 0 : 1] = value;
      results.set(index, pair);
    }
    return {
      plan: fields.plan === undefined ? null : parseJson(fields.plan),
      results,
      failures,
      rerun: fields.rerun === undefined ? null : indicesOf(parseJson(fields.rerun)),
    };
  }

  /** Shortens the split's retention once its parent completed. */
  async completed(splitId: string): Promise<void> {
    await this.#redis.expire(this.#keys.split(splitId), splitStoreDefaults.completedRetentionSeconds);
  }
}

const resultField = (index: number, round: number) => (round === 0 ? `r:${index}` : `r1:${index}`);

function capped(what: string, value: unknown): string {
  const json = JSON.stringify(value);
  const bytes = Buffer.byteLength(json);
  if (bytes > splitStoreDefaults.maxBytes) throw new SplitPieceTooLargeError({ what, bytes });
  return json;
}

function indicesOf(value: unknown): number[] {
  return Array.isArray(value)
    ? value.filter((index): index is number => Number.isInteger(index) && index >= 0)
    : [];
}

function parseJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}
