import type { CorpusEntry } from './standin-options';

type TextEntry = CorpusEntry & { readonly text: string };

/** Pages `firstPage` to `lastPage` (1-based, both included) of a corpus entry, the run a document block shows. */
export interface PageRun {
  readonly entry: CorpusEntry;
  readonly firstPage: number;
  readonly lastPage: number;
}

/** One page of a paged entry: its flattened lines, distinct, and its lines in order. */
interface IndexedPage {
  readonly entry: number;
  readonly page: number;
  readonly distinctLines: number;
  readonly text: string;
}

/** A line as a PDF's text layer keeps it: compatibility forms folded, white space runs one space, trimmed. */
const flatLine = (line: string): string => line.normalize('NFKC').replace(/\s+/g, ' ').trim();

const flatLines = (text: string): string[] =>
  text
    .split(/[\n\f]/)
    .map(flatLine)
    .filter((line) => line.length > 0);

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
 *
 * {@link findPages} finds the entry a block shows only part of: entries whose text has pages
 * (separated by form feeds) are indexed page by page, by each line of each page (layout ignored),
 * so a lookup costs one map probe per line of the block plus a count per page that line is on.
 */
export class CorpusIndex {
  readonly #byFirstLine = new Map<string, TextEntry[]>();
  readonly #bySha256 = new Map<string, CorpusEntry>();
  readonly #entries: readonly TextEntry[];
  #flattened: readonly { readonly entry: TextEntry; readonly text: string }[] | undefined;
  readonly #paged: TextEntry[] = [];
  readonly #pages: IndexedPage[] = [];
  /** Flattened line → the pages (indices into `#pages`) holding it, each once. */
  readonly #pagesByLine = new Map<string, number[]>();
  /** For each paged entry, the index in `#pages` of its first page. */
  readonly #firstPageAt: number[] = [];

  constructor(entries: readonly CorpusEntry[]) {
    this.#entries = entries.filter((entry): entry is TextEntry => entry.text !== undefined);
    for (const entry of entries) if (entry.sha256 !== undefined) this.#bySha256.set(entry.sha256, entry);
    for (const entry of this.#entries) {
      const key = firstLine(entry.text);
      const list = this.#byFirstLine.get(key);
      if (list) list.push(entry);
      else this.#byFirstLine.set(key, [entry]);
      if (entry.text.includes('\f')) this.#indexPages(entry);
    }
  }

  #indexPages(entry: TextEntry): void {
    const entryIndex = this.#paged.length;
    this.#paged.push(entry);
    this.#firstPageAt.push(this.#pages.length);
    for (const [pageIndex, pageText] of entry.text.split('\f').entries()) {
      const lines = flatLines(pageText);
      const distinct = new Set(lines);
      const at = this.#pages.length;
      this.#pages.push({
        entry: entryIndex,
        page: pageIndex + 1,
        distinctLines: distinct.size,
        text: lines.join('\n'),
      });
      for (const line of distinct) {
        const list = this.#pagesByLine.get(line);
        if (list) list.push(at);
        else this.#pagesByLine.set(line, [at]);
      }
    }
  }

  /**
   * The run of pages of a paged corpus entry (text with form feeds) that the block shows, when it
   * shows no whole entry: among the pages every line of which is in the block, the longest run of
   * consecutive pages (pages without text join a run) whose text the block holds in order, layout
   * ignored. Undefined when no page of any paged entry is wholly in the block.
   */
  findPages(block: string): PageRun | undefined {
    if (this.#pages.length === 0) return undefined;
    const hits = new Map<number, number>();
    for (const line of new Set(flatLines(block)))
      for (const page of this.#pagesByLine.get(line) ?? []) hits.set(page, (hits.get(page) ?? 0) + 1);
    const wholly = (at: number): boolean => {
      const page = this.#pages[at];
      return page !== undefined && page.distinctLines > 0 && hits.get(at) === page.distinctLines;
    };
    const shown = (at: number): boolean => this.#pages[at]?.distinctLines === 0 || wholly(at);
    const flat = flatLines(block).join('\n');
    let best: { run: PageRun; chars: number } | undefined;
    let covered = -1;
    for (const [at, count] of [...hits].sort(([a], [b]) => a - b)) {
      const page = this.#pages[at];
      // A page already inside an accepted run starts no run of its own.
      if (!page || count !== page.distinctLines || at <= covered) continue;
      // `at` starts a run: extend it over the following pages of the same entry that the block
      // shows, as long as the block holds their text in order.
      let end = at;
      let text = page.text;
      if (!flat.includes(text)) continue;
      for (let next = at + 1; this.#pages[next]?.entry === page.entry && shown(next); next++) {
        const more = this.#pages[next]?.text ?? '';
        const longer = more.length === 0 ? text : `${text}\n${more}`;
        if (!flat.includes(longer)) break;
        text = longer;
        end = next;
      }
      covered = end;
      const entry = this.#paged[page.entry];
      const first = this.#firstPageAt[page.entry] ?? 0;
      if (entry && (!best || text.length > best.chars))
        best = { run: { entry, firstPage: at - first + 1, lastPage: end - first + 1 }, chars: text.length };
    }
    return best?.run;
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
