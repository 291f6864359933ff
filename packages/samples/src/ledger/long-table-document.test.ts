import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { GeneratorOptionsError } from '../generator-options-error';
import { LedgerStatement } from './ledger-statement';
import { ledgerWorkflow } from './ledger-workflow';
import { longTableDocument } from './long-table-document';

/** Each page's text layer as pdf.js reads it. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(
      content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
    );
  }
  await pdf.destroy();
  return pages;
}

/** Lines with their runs of white space made one, blank lines dropped: what a text layer keeps. */
const flat = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');

const long = longTableDocument({ pages: 200 });

describe('longTableDocument', () => {
  it('spreads 1,500 rows over 200 pages, every row on one page, rows on every page', async () => {
    const started = performance.now();
    const document = await longTableDocument({ pages: 200 });
    // A few seconds at most on a loaded machine (about one on an idle one).
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(document.text).toBe((await long).text);
    expect(LedgerStatement.parse(document.truth)).toEqual(document.truth);
    expect(document.pages).toHaveLength(200);
    expect(document.text).toBe(document.pages.join('\f'));
    const { rows } = document.truth;
    expect(rows).toHaveLength(1500);
    expect(new Set(rows.map((row) => row.description)).size).toBe(1500);
    expect(rows[0]?.description).toMatch(/^Item 0001 /);
    const pageOf = rows.map((row) =>
      document.pages.flatMap((page, index) => (page.includes(row.description) ? [index] : [])),
    );
    expect(pageOf.every((pages) => pages.length === 1)).toBe(true);
    const perPage = document.pages.map((_, index) => pageOf.filter(([page]) => page === index).length);
    expect(Math.min(...perPage)).toBe(7);
    expect(Math.max(...perPage)).toBe(8);
    // Rows stay in order from page to page.
    expect(pageOf.map(([page]) => page)).toEqual(
      [...pageOf.map(([page]) => page)].sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
  });

  it('repeats the header on every page, and prints the closing balance on the last page only', async () => {
    const { pages, truth } = await long;
    for (const [index, page] of pages.entries()) {
      expect(page).toContain(`Account holder: ${truth.accountHolder}`);
      expect(page).toContain(`Account number: ${truth.accountNumber}`);
      expect(page).toContain(`Statement period: ${truth.period}`);
      expect(page).toContain(`Page ${index + 1} of 200`);
      expect(page.includes('Closing balance:')).toBe(index === 199);
    }
    const closing = truth.closingBalance ?? Number.NaN;
    const sum = truth.rows.reduce((total, row) => total + row.amount, 250_000);
    expect(closing).toBeCloseTo(sum, 2);
    expect(pages[199]).toContain(
      `Closing balance: ${closing.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
    );
  });

  it('prints each row on a line of its own, its amount with two decimals', async () => {
    const { pages, truth } = await long;
    const row = truth.rows[0];
    if (!row) throw new Error('no row');
    const line = pages[0]?.split('\n').find((candidate) => candidate.includes(row.description)) ?? '';
    const amount = row.amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(flat(line)).toEqual([`${row.date} ${row.description} ${amount}`]);
  });

  it('renders one PDF page per text page, each with that page as its text layer', async () => {
    const { pdf, pages } = await long;
    const texts = await pageTexts(pdf);
    expect(texts).toHaveLength(200);
    for (const index of [0, 1, 99, 199]) expect(flat(texts[index] ?? '')).toEqual(flat(pages[index] ?? ''));
  });

  it('is the same for the same seed, and another for another seed', async () => {
    const once = await longTableDocument({ pages: 3, seed: 7 });
    const twice = await longTableDocument({ pages: 3, seed: 7 });
    const other = await longTableDocument({ pages: 3, seed: 8 });
    expect(twice.text).toBe(once.text);
    expect(Buffer.from(twice.pdf).equals(Buffer.from(once.pdf))).toBe(true);
    expect(other.text).not.toBe(once.text);
  });

  it('takes a whole number of rows per page too', async () => {
    const document = await longTableDocument({ pages: 4, rowsPerPage: 3 });
    expect(document.truth.rows).toHaveLength(12);
  });

  it.each([
    [{ pages: 0 }, 'pages: must be from 1 to 2000, got 0'],
    [{ pages: 2.5 }, 'pages: must be a whole number, got 2.5'],
    [{ pages: Number.NaN }, 'pages: must be a whole number, got a number'],
    [{ pages: '10' as unknown as number }, 'pages: must be a whole number, got a string'],
    [{ pages: 5, rowsPerPage: 0.5 }, 'rowsPerPage: must be from 1 to 40, got 0.5'],
    [{ pages: 5, seed: 1.5 }, 'seed: must be a whole number, got 1.5'],
  ])('refuses %o', async (options, message) => {
    const error = await longTableDocument(options).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(GeneratorOptionsError);
    expect(error).toMatchObject({ name: 'GeneratorOptionsError', message });
  });
});

describe('ledgerWorkflow', () => {
  it('takes the whole 200-page statement as its input and its truth as an output', async () => {
    const { text, truth } = await long;
    expect(ledgerWorkflow.input.safeParse({ text }).success).toBe(true);
    expect(ledgerWorkflow.output.safeParse(truth).success).toBe(true);
    expect(ledgerWorkflow.output.safeParse({ ...truth, closingBalance: null }).success).toBe(true);
    expect(
      ledgerWorkflow.output.safeParse({ ...truth, rows: [{ date: '3 May', description: 'x', amount: 1 }] })
        .success,
    ).toBe(false);
  });
});
