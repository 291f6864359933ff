import type { CorpusEntry } from './standin-options';

type TextEntry = CorpusEntry & { readonly text: string };

const firstLine = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.length > 0) ?? '';

/**
 * The text with each line's runs of white space made one space, lines trimmed and empty lines
 * dropped: what a PDF's text layer keeps of a laid-out text (pdf.js drops blank lines and joins
 * the columns of a line with single spaces), compatibility characters folded (NFKC: pdf.js reads
 * `µ` as `μ`).
 */
const layoutInsensitive = (text: string): string =>
  text
    .normalize('NFKC')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');

/**
 * Finds which corpus document a request's document block is: first by the sha-256 of its bytes
 * (entries given by `sha256`), then by its text. Text entries are indexed by
 * their first non-empty line, so a lookup is one map probe per line of the block plus one
 * `includes` per candidate; a block where no first line matches a whole line (the document
 * embedded mid-line) falls back to trying every entry, and then to comparing both with their
 * layout ignored ({@link layoutInsensitive}), so the text layer of a PDF rendering of a corpus
 * document finds it. When several match, the longest wins.
 */
export class CorpusIndex {
  readonly #byFirstLine = new Map<string, TextEntry[]>();
  readonly #bySha256 = new Map<string, CorpusEntry>();
  readonly #entries: readonly TextEntry[];
  #flattened: readonly { readonly entry: TextEntry; readonly text: string }[] | undefined;

  constructor(entries: readonly CorpusEntry[]) {
    this.#entries = entries.filter((entry): entry is TextEntry => entry.text !== undefined);
    for (const entry of entries) if (entry.sha256 !== undefined) this.#bySha256.set(entry.sha256, entry);
    for (const entry of this.#entries) {
      const key = firstLine(entry.text);
      const list = this.#byFirstLine.get(key);
      if (list) list.push(entry);
      else this.#byFirstLine.set(key, [entry]);
    }
  }

  /** The entry of the document block: `fingerprint` is the sha-256 of its bytes, when it has any. */
  find(block: string, fingerprint: string | null = null): CorpusEntry | undefined {
    const byBytes = fingerprint === null ? undefined : this.#bySha256.get(fingerprint);
    if (byBytes) return byBytes;
    let best: TextEntry | undefined;
    const consider = (entry: TextEntry): void => {
      if ((!best || entry.text.length > best.text.length) && block.includes(entry.text)) best = entry;
    };
    for (const line of block.split('\n')) {
      const candidates = this.#byFirstLine.get(line.trim());
      if (candidates) for (const entry of candidates) consider(entry);
    }
    if (!best) for (const entry of this.#entries) consider(entry);
    return best ?? this.#findIgnoringLayout(block);
  }

  #findIgnoringLayout(block: string): TextEntry | undefined {
    this.#flattened ??= this.#entries.map((entry) => ({ entry, text: layoutInsensitive(entry.text) }));
    const flat = layoutInsensitive(block);
    let best: { readonly entry: TextEntry; readonly text: string } | undefined;
    for (const candidate of this.#flattened)
      if ((!best || candidate.text.length > best.text.length) && flat.includes(candidate.text))
        best = candidate;
    return best?.entry;
  }
}
