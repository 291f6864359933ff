import type { HistoryKey, HistoryStore, IssueObservation, Lesson } from '@quarry/core';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';
import { type QuarryScriptCommands, withQuarryScripts } from './scripts/quarry-scripts';

/** Options of {@link RedisHistoryStore}. */
export interface RedisHistoryStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /**
   * Signatures kept per workflow version and scope. Beyond it the lowest decayed scores are evicted,
   * sparing the signatures being recorded (a new mistake always gets in).
   */
  readonly maxSignatures: number;
  /** Time for a signature's score to halve. */
  readonly halfLifeMs: number;
  /** A history untouched this long is deleted (scores are ~1e-9 of their value by then). Default 30 half-lives. */
  readonly idleTtlMs?: number;
  /** Clock in milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * The shared per-workflow error history in Redis, per workflow + version (+ scope): a sorted set of
 * decayed frequencies and a hash of count, first/last seen and one example per signature.
 * Reading the top N is one script call; recording a failed attempt is one atomic script call.
 */
export class RedisHistoryStore implements HistoryStore {
  readonly #redis: RedisClient & QuarryScriptCommands;
  readonly #keys: QuarryKeys;
  readonly #maxSignatures: number;
  readonly #halfLifeMs: number;
  readonly #idleTtlMs: number;
  readonly #now: () => number;

  constructor(options: RedisHistoryStoreOptions) {
    if (!Number.isInteger(options.maxSignatures) || options.maxSignatures < 1) {
      throw new TypeError(`maxSignatures must be a positive integer, got ${options.maxSignatures}`);
    }
    if (!(options.halfLifeMs > 0))
      throw new TypeError(`halfLifeMs must be positive, got ${options.halfLifeMs}`);
    this.#keys = options.keys;
    this.#maxSignatures = options.maxSignatures;
    this.#halfLifeMs = options.halfLifeMs;
    this.#idleTtlMs = Math.ceil(options.idleTtlMs ?? options.halfLifeMs * 30);
    this.#now = options.now ?? Date.now;
    this.#redis = withQuarryScripts(options.redis);
  }

  async topLessons(key: HistoryKey, limit: number): Promise<Lesson[]> {
    const { scores, details } = this.#keys.history(key.workflow, key.version, key.scope);
    const reply = await this.#redis.quarryHistoryRead(scores, details, Math.max(0, Math.floor(limit)));
    const now = this.#now();
    const ref = Number(reply[0] ?? now);
    const decay = 2 ** ((ref - now) / this.#halfLifeMs);
    const lessons: Lesson[] = [];
    for (let i = 1; i + 5 < reply.length; i += 6) {
      lessons.push({
        signature: String(reply[i]),
        score: Math.max(0, Number(reply[i + 1]) * decay),
        count: Number(reply[i + 2]),
        firstSeen: Number(reply[i + 3]),
        lastSeen: Number(reply[i + 4]),
        example: String(reply[i + 5] ?? ''),
      });
    }
    return lessons.sort(
      (a, b) => b.score - a.score || b.count - a.count || a.signature.localeCompare(b.signature),
    );
  }

  async record(key: HistoryKey, observations: readonly IssueObservation[]): Promise<void> {
    const distinct = new Map<string, string>();
    for (const { signature, example } of observations) {
      if (!distinct.has(signature)) distinct.set(signature, example);
    }
    if (distinct.size === 0) return;
    const { scores, details } = this.#keys.history(key.workflow, key.version, key.scope);
    const pairs = [...distinct].flat();
    await this.#redis.quarryHistoryRecord(
      scores,
      details,
      String(this.#now()),
      String(this.#halfLifeMs),
      String(this.#maxSignatures),
      String(this.#idleTtlMs),
      ...pairs,
    );
  }
}
