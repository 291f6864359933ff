import { parseCatalogueTitle } from './catalogue-title';

/** One test that proves a catalogue row, where it is. */
export interface CatalogueTest {
  readonly row: number;
  readonly summary: string;
  /** Relative to the repository root. */
  readonly file: string;
}

/** A test file's path (from the repository root) and its source. */
export interface TestSource {
  readonly file: string;
  readonly text: string;
}

/**
 * A quoted string that starts with `row N`: a test title (`it('row 12: …')`), or the name of a case
 * of `it.each` / `it.for` whose title is that name (`'%s'`).
 */
const ROW_TITLE = /(['"`])(row \d+(?:, row \d+)*: (?:\\.|(?!\1)[^\\])*)\1/g;

/** The title as written in the source: escaped quotes unescaped. */
const unescapeTitle = (text: string): string => text.replace(/\\(.)/g, '$1');

/** Every test title in the sources that carries row ids, one entry per row it names. */
export function catalogueTests(sources: readonly TestSource[]): CatalogueTest[] {
  return sources.flatMap(({ file, text }) =>
    [...text.matchAll(ROW_TITLE)].flatMap((match) => {
      const title = parseCatalogueTitle(unescapeTitle(match[2] ?? ''));
      return title === null ? [] : title.rows.map((row) => ({ row, summary: title.summary, file }));
    }),
  );
}
