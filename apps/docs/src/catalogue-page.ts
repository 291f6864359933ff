import { CatalogueGapError } from './catalogue-gap-error';
import { catalogueSections } from './catalogue-sections';
import type { CatalogueTest } from './catalogue-tests';
import { generatedNotice } from './generated-notice';

/** Options of {@link cataloguePage}. */
export interface CataloguePageOptions {
  /** Every test whose title carries a row id. */
  readonly tests: readonly CatalogueTest[];
  /** Rows that truly have no test, excused by the committed allow-list. */
  readonly allowedMissing: readonly number[];
  /** The allow-list's path, named in the error. */
  readonly allowList: string;
}

/**
 * A table cell: no line break, no bare `|`, and `_` and `*` escaped outside code spans, so a title
 * holding `__proto__` is shown as written (the formatter would turn it into emphasis).
 */
const cell = (text: string): string =>
  text
    .replace(/\s*\n\s*/g, ' ')
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[_*]/g, '\\$&')))
    .join('')
    .replace(/\|/g, '\\|');

function rowLine(row: number, tests: readonly CatalogueTest[]): string {
  const proving = tests.filter((test) => test.row === row);
  if (proving.length === 0) return `| ${row} | (no test: see the allow-list) | — |`;
  const files = [...new Set(proving.map((test) => `\`${test.file}\``))].join('<br>');
  return `| ${row} | ${cell(proving[0]?.summary ?? '')} | ${files} |`;
}

const tableOf = (rows: readonly number[], tests: readonly CatalogueTest[]): string[] => [
  '| # | Kind tried -> what happens | Test |',
  '| --- | --- | --- |',
  ...rows.map((row) => rowLine(row, tests)),
];

/**
 * docs/reference/reliability-catalogue.md: one line a row, from the titles of the tests that prove
 * them, grouped by {@link catalogueSections}.
 * @throws CatalogueGapError when a row a section lists, or any id up to the highest one, has no test
 * and is not allowed missing.
 */
export function cataloguePage(options: CataloguePageOptions): string {
  const listed = catalogueSections.flatMap((section) => section.rows);
  const highest = Math.max(0, ...listed, ...options.tests.map((test) => test.row));
  const all = Array.from({ length: highest }, (_, i) => i + 1);
  const has = new Set(options.tests.map((test) => test.row));
  const missing = all.filter((row) => !has.has(row) && !options.allowedMissing.includes(row));
  if (missing.length > 0) throw new CatalogueGapError({ missing, allowList: options.allowList });
  const sorted = new Set(listed);
  const other = all.filter((row) => !sorted.has(row));
  const sections = [
    ...catalogueSections.map((section) => ({
      ...section,
      rows: section.rows.filter((row) => row <= highest),
    })),
    { title: 'Other rows', rows: other },
  ].filter((section) => section.rows.length > 0);
  return [
    '# Bad-input catalogue',
    '',
    generatedNotice,
    '',
    'Each row is a kind of bad input, hostile answer or failure Quarry was tried with, and the test that',
    "proves what happens. The line is the title of that test (`it('row N: …')`); to add a row, give the",
    'next id to the title of the test that proves it and run `pnpm run docs`. How each promise is kept is in',
    '[reliability](../reliability.md).',
    '',
    ...sections.flatMap((section) => [
      `## ${section.title}`,
      '',
      ...tableOf(section.rows, options.tests),
      '',
    ]),
  ].join('\n');
}
