import { checkedNumber } from '../generator-options-error';
import { formatNumber, round } from '../number-format';
import { renderSamplePdf } from '../pdf/render-sample-pdf';
import { Random } from '../random';
import type { LedgerRow, LedgerStatement } from './ledger-statement';

/** Defaults and bounds of {@link longTableDocument}'s options. */
export const longTableDefaults = {
  rowsPerPage: 7.5,
  seed: 1,
  maxPages: 2000,
  minRowsPerPage: 1,
  maxRowsPerPage: 40,
} as const;

/** A generated statement: its text (pages joined with `\f`), each page's text, its PDF and its truth. */
export interface LongTableDocument {
  readonly text: string;
  readonly pages: readonly string[];
  /** One PDF page per text page (`letter-plain`: Courier, a text layer, one row a line). */
  readonly pdf: Uint8Array;
  readonly truth: LedgerStatement;
}

const holders = ['Jane Okafor', 'Marta Lindqvist', 'Daniel Roux', 'Priya Raman', 'Tomás Ferreira'];
const merchants = [
  'Grocery market',
  'Card payment fuel',
  'Salary transfer',
  'Electricity bill',
  'Rent standing order',
  'Pharmacy',
  'Online bookshop',
  'Rail ticket',
  'Restaurant',
  'Insurance premium',
  'Cash withdrawal',
  'Refund from retailer',
];

const DAY_MS = 86_400_000;
const isoDate = (time: number): string => new Date(time).toISOString().slice(0, 10);
/** Columns of a row line: date, description, amount (right-aligned). */
const DESCRIPTION_WIDTH = 36;
const AMOUNT_WIDTH = 14;

/** How many rows each page holds: `rowsPerPage` on average, at least one a page, summing to `round(pages × rowsPerPage)`. */
function rowsByPage(pages: number, rowsPerPage: number): number[] {
  return Array.from(
    { length: pages },
    (_, page) => Math.floor((page + 1) * rowsPerPage + 1e-9) - Math.floor(page * rowsPerPage + 1e-9),
  );
}

/**
 * A long bank statement, the same for the same options: a header (bank, account holder, account
 * number, statement period, `Page n of N`) at the top of every page, a table of rows (date,
 * description `Item 0001 …`, unique, and a signed amount printed with two decimals and thousands
 * separators, one row a line) spread `rowsPerPage` on average over every page, and on the last page
 * the row count and the closing balance (250,000.00 plus the sum of the amounts). Pages are joined
 * with a form feed in `text`; the PDF has one page per text page.
 * @param options.pages - 1 to 2000 pages
 * @param options.rowsPerPage - 1 to 40 rows a page on average (default 7.5: 200 pages hold 1,500 rows)
 * @param options.seed - any whole number (default 1)
 * @throws GeneratorOptionsError naming the option out of range
 */
export async function longTableDocument(options: {
  readonly pages: number;
  readonly rowsPerPage?: number;
  readonly seed?: number;
}): Promise<LongTableDocument> {
  const pageCount = checkedNumber({
    option: 'pages',
    value: options.pages,
    min: 1,
    max: longTableDefaults.maxPages,
    integer: true,
  });
  const rowsPerPage = checkedNumber({
    option: 'rowsPerPage',
    value: options.rowsPerPage ?? longTableDefaults.rowsPerPage,
    min: longTableDefaults.minRowsPerPage,
    max: longTableDefaults.maxRowsPerPage,
    integer: false,
  });
  const seed = checkedNumber({
    option: 'seed',
    value: options.seed ?? longTableDefaults.seed,
    min: Number.MIN_SAFE_INTEGER,
    max: Number.MAX_SAFE_INTEGER,
    integer: true,
  });
  const random = new Random(seed);
  const perPage = rowsByPage(pageCount, rowsPerPage);
  const total = perPage.reduce((sum, count) => sum + count, 0);
  const accountHolder = random.pick(holders);
  const accountNumber = `${random.int(1000, 9999)}-${random.int(1000, 9999)}-${random.int(1000, 9999)}`;
  const start = Date.UTC(2024 + random.int(0, 2), random.int(0, 11), 1);
  const days = Math.max(30, Math.ceil(total / 4));
  const period = `${isoDate(start)} to ${isoDate(start + (days - 1) * DAY_MS)}`;
  const digits = Math.max(4, String(total).length);
  const rows: LedgerRow[] = Array.from({ length: total }, (_, index) => {
    const cents = random.int(1, 250_000) * (random.chance(0.5) ? -1 : 1);
    return {
      date: isoDate(start + Math.floor((index * days) / total) * DAY_MS),
      description: `Item ${String(index + 1).padStart(digits, '0')} ${random.pick(merchants)}`,
      amount: cents / 100,
    };
  });
  const closingBalance = round(250_000 + rows.reduce((sum, row) => sum + row.amount, 0));
  const header = (page: number): string[] => [
    'NORTHWIND SAVINGS BANK - ACCOUNT STATEMENT',
    `Account holder: ${accountHolder}`,
    `Account number: ${accountNumber}`,
    `Statement period: ${period}`,
    `Page ${page} of ${pageCount}`,
    '',
    `${'Date'.padEnd(12)}${'Description'.padEnd(DESCRIPTION_WIDTH)}${'Amount'.padStart(AMOUNT_WIDTH)}`,
  ];
  const rowLine = (row: LedgerRow): string =>
    `${row.date.padEnd(12)}${row.description.padEnd(DESCRIPTION_WIDTH)}${formatNumber(row.amount, 'en').padStart(AMOUNT_WIDTH)}`;
  const pages: string[] = [];
  let next = 0;
  for (const [index, count] of perPage.entries()) {
    const lines = header(index + 1);
    for (const row of rows.slice(next, next + count)) lines.push(rowLine(row));
    next += count;
    if (index === pageCount - 1)
      lines.push(
        '',
        `Rows on this statement: ${total}`,
        `Closing balance: ${formatNumber(closingBalance, 'en')}`,
      );
    pages.push(lines.join('\n'));
  }
  const text = pages.join('\f');
  const pdf = await renderSamplePdf({ text, layout: 'letter-plain' });
  return {
    text,
    pages,
    pdf: pdf.bytes,
    truth: { accountHolder, accountNumber, period, rows, closingBalance },
  };
}
