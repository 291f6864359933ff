/** A test title that proves catalogue rows: `row 12, row 13: what goes in -> what comes out`. */
export interface CatalogueTitle {
  readonly rows: readonly number[];
  readonly summary: string;
}

const TITLE = /^row (\d+(?:, row \d+)*): (.+)$/s;
/** The placeholders of a parameterised title (`it.each`: `%s`, `%j`, `$kind`, `${kind}`), shown as `…`. */
const PLACEHOLDER = /%[sdifjo#%]|\$\{[^}]*\}|\$[A-Za-z_][\w.]*/g;

/**
 * The row ids and summary a test title carries, or null for a title that names no row. A
 * parameterised title's placeholders read as `…` in the summary.
 */
export function parseCatalogueTitle(title: string): CatalogueTitle | null {
  const match = TITLE.exec(title);
  if (match === null) return null;
  const [, ids = '', summary = ''] = match;
  return { rows: ids.split(', row ').map(Number), summary: summary.replace(PLACEHOLDER, '…').trim() };
}
