import { z } from 'zod';
import { EvalRunTooLargeError } from './eval-run-too-large-error';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';

/** Defaults of {@link EvalRunStore}, in one place. */
export const evalRunStoreDefaults = {
  /** How long a stored run is kept: 90 days. */
  retentionMs: 90 * 86_400_000,
  /** Largest stored run (its JSON, UTF-8): 16 MiB. */
  maxBytes: 16 * 1024 * 1024,
  /** Most runs `list` returns. */
  maxList: 1000,
} as const;

/** A run id: what `quarry eval run` names a run, and `--baseline` finds it by. */
export const EvalRunId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be 1-64 letters, digits, "-" or "_"' });

/** What `quarry eval runs` lists of a stored run; the whole report rides beside it. */
export const EvalRunListing = z.object({
  runId: EvalRunId,
  storedAt: z.iso.datetime(),
  set: z.string(),
  workflow: z.string(),
  version: z.number().int().positive(),
  items: z.number().int().nonnegative(),
  f1: z.number().min(0).max(1).nullable(),
  costUsd: z.number().nonnegative().nullable(),
});
export type EvalRunListing = z.infer<typeof EvalRunListing>;

/** A stored run: its listing and its report (checked by whoever reads it, e.g. `EvalReport` of `@quarry/eval`). */
const StoredEvalRun = z.object({ listing: EvalRunListing, report: z.unknown() });
type StoredEvalRun = z.infer<typeof StoredEvalRun>;

/** A stored run whose JSON is no stored run (not JSON, or its listing broken); reported so nothing is hidden. */
export interface UnreadableEvalRun {
  readonly runId: string;
  readonly problem: string;
}

/** Options of {@link EvalRunStore}. */
export interface EvalRunStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** Default {@link evalRunStoreDefaults}.retentionMs. */
  readonly retentionMs?: number;
}

/**
 * The evaluation runs `quarry eval run` stores, for `quarry eval runs`, `--baseline` and the
 * dashboard's Evals pages: each run's JSON under its own key with the retention as its TTL, its
 * listing beside it under another (so listing runs reads no report), and an index by time. Storing a run id again
 * replaces it. Expired runs leave the index as it is read.
 */
export class EvalRunStore {
  readonly #redis: RedisClient;
  readonly #keys: QuarryKeys;
  readonly #retentionMs: number;

  constructor(options: EvalRunStoreOptions) {
    this.#redis = options.redis;
    this.#keys = options.keys;
    this.#retentionMs = Math.min(
      Math.max(Math.trunc(options.retentionMs ?? evalRunStoreDefaults.retentionMs), 60_000),
      10 * 365 * 86_400_000,
    );
  }

  /** Stores a run (replacing one of the same id). @throws EvalRunTooLargeError over `maxBytes`. */
  async save(run: StoredEvalRun): Promise<void> {
    const listing = EvalRunListing.parse(run.listing);
    const json = JSON.stringify({ listing, report: run.report });
    const bytes = Buffer.byteLength(json);
    if (bytes > evalRunStoreDefaults.maxBytes) {
      throw new EvalRunTooLargeError({
        runId: listing.runId,
        bytes,
        maxBytes: evalRunStoreDefaults.maxBytes,
      });
    }
    const now = Date.now();
    await this.#redis
      .multi()
      .set(this.#keys.evalRuns.run(listing.runId), json, 'PX', this.#retentionMs)
      .set(this.#keys.evalRuns.listing(listing.runId), JSON.stringify(listing), 'PX', this.#retentionMs)
      .zadd(this.#keys.evalRuns.index(), now, listing.runId)
      .zremrangebyscore(this.#keys.evalRuns.index(), '-inf', now - this.#retentionMs)
      .exec();
  }

  /** The stored run, or null when there is none (never stored, past its retention, or unreadable). */
  async get(runId: string): Promise<StoredEvalRun | null> {
    const run = await this.read(runId);
    return run === null || 'problem' in run ? null : run;
  }

  /**
   * The stored run, or why its stored JSON is unreadable, or null when there is none (never stored,
   * past its retention, or `runId` no {@link EvalRunId}).
   */
  async read(runId: string): Promise<StoredEvalRun | UnreadableEvalRun | null> {
    if (!EvalRunId.safeParse(runId).success) return null;
    const json = await this.#redis.get(this.#keys.evalRuns.run(runId));
    if (json === null) return null;
    return readStored(json) ?? { runId, problem: storedProblem(json) };
  }

  /**
   * The newest runs first, at most `limit` (default and cap {@link evalRunStoreDefaults}.maxList), and
   * the ids of any whose stored JSON is unreadable (listed, so nothing is hidden). Reads each run's
   * listing alone; a run stored without one (before listings were kept apart) is read whole.
   */
  async list(
    options: { readonly limit?: number } = {},
  ): Promise<{ runs: EvalRunListing[]; unreadable: string[] }> {
    const limit = Math.min(
      Math.max(Math.trunc(options.limit ?? evalRunStoreDefaults.maxList), 1),
      evalRunStoreDefaults.maxList,
    );
    const keys = this.#keys.evalRuns;
    const runIds = await this.#redis.zrevrange(keys.index(), 0, limit - 1);
    if (runIds.length === 0) return { runs: [], unreadable: [] };
    const listings = await this.#redis.mget(...runIds.map((runId) => keys.listing(runId)));
    const whole = runIds.filter((_, i) => listings[i] === null);
    const stored = whole.length === 0 ? [] : await this.#redis.mget(...whole.map((runId) => keys.run(runId)));
    const wholeOf = new Map(whole.map((runId, i) => [runId, stored[i] ?? null]));
    const gone = whole.filter((runId) => wholeOf.get(runId) === null);
    if (gone.length > 0) await this.#redis.zrem(keys.index(), ...gone);
    const runs: EvalRunListing[] = [];
    const unreadable: string[] = [];
    for (const [i, runId] of runIds.entries()) {
      const listing = listings[i];
      const json = listing ?? wholeOf.get(runId) ?? null;
      if (json === null) continue;
      const read = listing ? readListing(listing) : (readStored(json)?.listing ?? null);
      if (read) runs.push(read);
      else unreadable.push(runId);
    }
    return { runs, unreadable };
  }
}

function readListing(json: string): EvalRunListing | null {
  try {
    const parsed = EvalRunListing.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function readStored(json: string): StoredEvalRun | null {
  try {
    const parsed = StoredEvalRun.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Why stored JSON is no stored run: not JSON, or the first problem of its listing. */
function storedProblem(json: string): string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return 'the stored run is not JSON';
  }
  const parsed = StoredEvalRun.safeParse(value);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  return issue ? `${issue.path.join('.') || '(run)'}: ${issue.message}` : 'the stored run is unreadable';
}
