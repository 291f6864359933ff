import type { ResolvedDocument } from '@quarry/core';

/** What a worker keeps of a document it has read: its type from the bytes and its text layer. */
export type DocumentReading = Pick<ResolvedDocument, 'mediaType' | 'text' | 'pageStarts'>;

/** Defaults of {@link DocumentReadingCache}: a few documents, a few MB of text at most. */
const documentReadingDefaults = { maxEntries: 16, maxTextCharacters: 4_000_000 } as const;

/**
 * The readings of the documents a worker read last, by content hash and claimed type, so that a
 * job run again (a transient retry, a rate-limit bounce, each attempt in the batch lane) is not
 * inspected nor its text layer extracted again (about half a second for a 100-page PDF). At most
 * `maxEntries` readings and `maxTextCharacters` of text in all; the least recently used go first.
 * Only documents that passed inspection are kept: a refused one is refused again.
 */
export class DocumentReadingCache {
  readonly #entries = new Map<string, DocumentReading>();
  readonly #maxEntries: number;
  readonly #maxTextCharacters: number;
  #textCharacters = 0;
  #hits = 0;
  #misses = 0;

  constructor(options: { readonly maxEntries?: number; readonly maxTextCharacters?: number } = {}) {
    this.#maxEntries = options.maxEntries ?? documentReadingDefaults.maxEntries;
    this.#maxTextCharacters = options.maxTextCharacters ?? documentReadingDefaults.maxTextCharacters;
  }

  /** The reading kept under `key`, now the most recently used; undefined when none. */
  get(key: string): DocumentReading | undefined {
    const reading = this.#entries.get(key);
    if (reading === undefined) {
      this.#misses++;
      return undefined;
    }
    this.#hits++;
    this.#entries.delete(key);
    this.#entries.set(key, reading);
    return reading;
  }

  /** Keeps `reading` under `key` (none whose text alone is over the limit). */
  set(key: string, reading: DocumentReading): void {
    this.#remove(key);
    const size = reading.text?.length ?? 0;
    if (size > this.#maxTextCharacters) return;
    this.#entries.set(key, reading);
    this.#textCharacters += size;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.#maxEntries && this.#textCharacters <= this.#maxTextCharacters) break;
      this.#remove(oldest);
    }
  }

  /** Lookups that found a reading and lookups that did not, and what is kept. */
  get stats(): { readonly hits: number; readonly misses: number; readonly entries: number } {
    return { hits: this.#hits, misses: this.#misses, entries: this.#entries.size };
  }

  #remove(key: string): void {
    const reading = this.#entries.get(key);
    if (reading === undefined) return;
    this.#textCharacters -= reading.text?.length ?? 0;
    this.#entries.delete(key);
  }
}
