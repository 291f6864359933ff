import {
  type AppendAttemptOptions,
  type AppendedAttempt,
  AttemptRecord,
  type AttemptStore,
} from '@quarry/core';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { type QuarryScriptCommands, withQuarryScripts } from './scripts/quarry-scripts';

/** Options of {@link RedisAttemptStore}. */
export interface RedisAttemptStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** Records expire this long after the last append. */
  readonly ttlSeconds: number;
  /** Told about a stored record that no longer parses; it is skipped (and left in Redis). */
  readonly onUnreadable?: (problem: { jobKey: string; field: string; error: unknown }) => void;
  /**
   * `clear` calls within this many milliseconds share one multi-key DEL (one round trip for every job
   * that ended in that window). Default {@link CLEAR_WINDOW_MS}; 0 deletes at once.
   */
  readonly clearWindowMs?: number;
}

/** Default of {@link RedisAttemptStoreOptions.clearWindowMs}. */
export const CLEAR_WINDOW_MS = 20;

/** Most keys one coalesced DEL names; a fuller window is deleted at once. */
const MAX_KEYS_PER_DELETE = 500;

/** Most records one coalesced save carries; a fuller turn is sent at once. */
const MAX_APPENDS_PER_CALL = 64;

/** A record waiting for the end of the event loop's turn to be saved. */
interface PendingAppend {
  readonly jobKey: string;
  readonly n: number;
  readonly key: string;
  readonly json: string;
  readonly replace: boolean;
  /** The record's `inputHash` ('' when it has none): `replace` keeps the records that share it. */
  readonly inputHash: string;
  readonly resolve: (appended: AppendedAttempt) => void;
  readonly reject: (error: Error) => void;
}

/**
 * Attempt records in a Redis hash per job (field = attempt number), so saving the same attempt twice
 * keeps one copy. The records appended during one turn of the event loop are saved by one atomic
 * script call at its end (`append-attempts-n`: HSET + EXPIRE each, `replace` first deleting the
 * records of another input); each `append` resolves once Redis has it. `clear` coalesces the deletes
 * of jobs that end close together into one DEL.
 * (A script rather than MULTI: on a connection carrying BullMQ's scripts every ioredis pipeline copies
 * all of them, which made saving an attempt one of the worker's most expensive steps.)
 */
export class RedisAttemptStore implements AttemptStore {
  readonly #redis: RedisClient & QuarryScriptCommands;
  readonly #clearWindowMs: number;
  #pendingClears: string[] = [];
  #pendingAppends: PendingAppend[] = [];
  #clearing: Promise<void> | null = null;
  readonly #keys: QuarryKeys;
  readonly #ttlSeconds: number;
  readonly #onUnreadable: RedisAttemptStoreOptions['onUnreadable'];

  constructor(options: RedisAttemptStoreOptions) {
    if (!Number.isInteger(options.ttlSeconds) || options.ttlSeconds < 1) {
      throw new TypeError(`ttlSeconds must be a positive integer, got ${options.ttlSeconds}`);
    }
    const window = options.clearWindowMs ?? CLEAR_WINDOW_MS;
    if (!Number.isInteger(window) || window < 0 || window > 10_000) {
      throw new TypeError(
        `clearWindowMs must be a whole number of milliseconds from 0 to 10000, got ${window}`,
      );
    }
    this.#clearWindowMs = window;
    this.#redis = withQuarryScripts(options.redis);
    this.#keys = options.keys;
    this.#ttlSeconds = options.ttlSeconds;
    this.#onUnreadable = options.onUnreadable;
  }

  /** The job's records, ordered by attempt number. */
  async load(jobKey: string): Promise<AttemptRecord[]> {
    const stored = await this.#redis.hgetall(this.#keys.attempts(jobKey));
    const records: AttemptRecord[] = [];
    for (const [field, json] of Object.entries(stored)) {
      try {
        records.push(AttemptRecord.parse(JSON.parse(json)));
      } catch (error) {
        this.#onUnreadable?.({ jobKey, field, error });
      }
    }
    return records.sort((a, b) => a.n - b.n);
  }

  /**
   * Saves a record built by the loop (its type is its check; every record read back is parsed), under
   * its attempt number, and resolves once Redis has it. The records saved while one turn of the event
   * loop runs go to Redis together at its end: one script call, one write to the socket. With
   * `replace`, the job's records that answer another input are deleted in the same script.
   * @throws TypeError when the attempt number is not a positive integer.
   */
  append(jobKey: string, record: AttemptRecord, options?: AppendAttemptOptions): Promise<AppendedAttempt> {
    const { n } = record;
    if (!Number.isSafeInteger(n) || n < 1) {
      return Promise.reject(
        new TypeError(`Attempt number must be a positive integer, got ${n} (job ${jobKey})`),
      );
    }
    return new Promise<AppendedAttempt>((resolve, reject) => {
      this.#pendingAppends.push({
        jobKey,
        n,
        key: this.#keys.attempts(jobKey),
        json: JSON.stringify(record),
        replace: options?.replace === true,
        inputHash: record.inputHash ?? '',
        resolve,
        reject,
      });
      if (this.#pendingAppends.length >= MAX_APPENDS_PER_CALL) this.#savePending();
      else if (this.#pendingAppends.length === 1) setImmediate(() => this.#savePending());
    });
  }

  #savePending(): void {
    const batch = this.#pendingAppends;
    if (batch.length === 0) return;
    this.#pendingAppends = [];
    const args: (string | number)[] = batch.map((entry) => entry.key);
    args.push(this.#ttlSeconds);
    for (const entry of batch) {
      args.push(String(entry.n), entry.json, entry.replace ? '1' : '0', entry.inputHash);
    }
    this.#redis.quarryAppendAttempts(batch.length, ...args).then(
      (discarded) => {
        batch.forEach((entry, i) => {
          entry.resolve({ discarded: Number(discarded[i]) || 0 });
        });
      },
      (cause: unknown) => {
        for (const entry of batch) {
          entry.reject(new Error(`Saving attempt ${entry.n} of job ${entry.jobKey} failed`, { cause }));
        }
      },
    );
  }

  /**
   * Deletes a job's records (e.g. once its result or DLQ record holds them), together with those of
   * every job cleared within `clearWindowMs`; resolves once Redis has deleted them.
   */
  clear(jobKey: string): Promise<void> {
    this.#pendingClears.push(this.#keys.attempts(jobKey));
    if (this.#clearWindowMs === 0 || this.#pendingClears.length >= MAX_KEYS_PER_DELETE)
      return this.#deletePending();
    this.#clearing ??= new Promise<void>((resolve) => {
      setTimeout(resolve, this.#clearWindowMs).unref();
    }).then(() => this.#deletePending());
    return this.#clearing;
  }

  async #deletePending(): Promise<void> {
    const keys = this.#pendingClears;
    this.#pendingClears = [];
    this.#clearing = null;
    if (keys.length > 0) await this.#redis.del(...keys);
  }
}
