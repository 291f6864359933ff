import type { HistoryKey, HistoryStore, IssueObservation } from './history-store';
import type { Lesson } from './lesson';

export interface InMemoryHistoryStoreOptions {
  /** Clock in milliseconds. Default `Date.now`. */
  readonly now?: () => number;
  /** Time for a signature's score to halve. Default 24 h. */
  readonly halfLifeMs?: number;
  /** Signatures kept per key; the lowest decayed score is evicted first, never one being recorded. Default 50. */
  readonly maxSignatures?: number;
}

interface Entry {
  count: number;
  firstSeen: number;
  lastSeen: number;
  example: string;
  /** Decayed score as of `lastSeen`. */
  score: number;
}

/**
 * A {@link HistoryStore} in process memory: per key and signature a count, first and last sighting,
 * the latest example and a score that halves every `halfLifeMs`, bounded to `maxSignatures`. It
 * keeps no lesson effects (a first attempt's exposure is not counted; no lesson is ever retired).
 */
export class InMemoryHistoryStore implements HistoryStore {
  readonly #entries = new Map<string, Map<string, Entry>>();
  readonly #now: () => number;
  readonly #halfLifeMs: number;
  readonly #maxSignatures: number;

  constructor(options: InMemoryHistoryStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#halfLifeMs = options.halfLifeMs ?? 24 * 60 * 60 * 1000;
    this.#maxSignatures = options.maxSignatures ?? 50;
    if (!(this.#halfLifeMs > 0)) throw new TypeError(`halfLifeMs must be positive, got ${this.#halfLifeMs}`);
    if (!Number.isInteger(this.#maxSignatures) || this.#maxSignatures < 1) {
      throw new TypeError(`maxSignatures must be a positive integer, got ${this.#maxSignatures}`);
    }
  }

  async topLessons(key: HistoryKey, limit: number): Promise<Lesson[]> {
    const now = this.#now();
    const entries = this.#entries.get(keyOf(key)) ?? new Map<string, Entry>();
    return [...entries]
      .map(([signature, entry]) => ({
        signature,
        score: this.#decayed(entry, now),
        count: entry.count,
        example: entry.example,
        firstSeen: entry.firstSeen,
        lastSeen: entry.lastSeen,
      }))
      .sort((a, b) => b.score - a.score || b.count - a.count || a.signature.localeCompare(b.signature))
      .slice(0, Math.max(0, limit));
  }

  async record(key: HistoryKey, observations: readonly IssueObservation[]): Promise<void> {
    const now = this.#now();
    const id = keyOf(key);
    const entries = this.#entries.get(id) ?? new Map<string, Entry>();
    this.#entries.set(id, entries);
    const seen = new Set<string>();
    for (const { signature, example } of observations) {
      if (seen.has(signature)) continue;
      seen.add(signature);
      const entry = entries.get(signature);
      if (entry) {
        entry.score = this.#decayed(entry, now) + 1;
        entry.count += 1;
        entry.lastSeen = now;
        entry.example = example;
      } else {
        entries.set(signature, { count: 1, firstSeen: now, lastSeen: now, example, score: 1 });
      }
    }
    // The signatures just recorded are spared, so a new kind of mistake always gets in.
    while (entries.size > this.#maxSignatures) {
      let weakest: [string, number] | null = null;
      for (const [signature, entry] of entries) {
        if (seen.has(signature) && entries.size > seen.size) continue;
        const score = this.#decayed(entry, now);
        if (weakest === null || score < weakest[1]) weakest = [signature, score];
      }
      if (weakest) entries.delete(weakest[0]);
    }
  }

  #decayed(entry: Entry, now: number): number {
    return entry.score * 0.5 ** (Math.max(0, now - entry.lastSeen) / this.#halfLifeMs);
  }
}

function keyOf(key: HistoryKey): string {
  return JSON.stringify([key.workflow, key.version, key.scope ?? null]);
}
