import type { CorpusEntry } from './standin-options';

const firstLine = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.length > 0) ?? '';

/**
 * Finds which corpus document a request's document block contains. Entries are indexed by
 * their first non-empty line, so a lookup is one map probe per line of the block plus one
 * `includes` per candidate; a block where no first line matches a whole line (the document
 * embedded mid-line) falls back to trying every entry. When several match, the longest wins.
 */
export class CorpusIndex {
  readonly #byFirstLine = new Map<string, CorpusEntry[]>();
  readonly #entries: readonly CorpusEntry[];

  constructor(entries: readonly CorpusEntry[]) {
    this.#entries = entries;
    for (const entry of entries) {
      const key = firstLine(entry.text);
      const list = this.#byFirstLine.get(key);
      if (list) list.push(entry);
      else this.#byFirstLine.set(key, [entry]);
    }
  }

  find(block: string): CorpusEntry | undefined {
    let best: CorpusEntry | undefined;
    const consider = (entry: CorpusEntry): void => {
      if ((!best || entry.text.length > best.text.length) && block.includes(entry.text)) best = entry;
    };
    for (const line of block.split('\n')) {
      const candidates = this.#byFirstLine.get(line.trim());
      if (candidates) for (const entry of candidates) consider(entry);
    }
    if (!best) for (const entry of this.#entries) consider(entry);
    return best;
  }
}
