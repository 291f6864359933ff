import Table from 'cli-table3';
import { terminalText } from './terminal-text';

/** Options of {@link textTable}. */
export interface TextTableOptions {
  /** Column titles, the first line; without them every row is data. */
  readonly head?: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** Cells longer than this are cut with an ellipsis. Default 60 characters. */
  readonly maxWidth?: number;
  /** What stands between two columns. Default two spaces. */
  readonly separator?: string;
  /** A rule of dashes under the head (where the separator has spaces, dashes too). Default false. */
  readonly headRule?: boolean;
  /** Indexes of the columns aligned right (numbers); the others are aligned left. */
  readonly alignRight?: readonly number[];
}

const noBorder = {
  top: '',
  'top-mid': '',
  'top-left': '',
  'top-right': '',
  bottom: '',
  'bottom-mid': '',
  'bottom-left': '',
  'bottom-right': '',
  left: '',
  'left-mid': '',
  right: '',
  'right-mid': '',
} as const;

/**
 * Renders rows as a plain-text table (cli-table3 without borders): columns padded to their widest cell,
 * no trailing blanks. Each cell is one line: control characters, line feeds included, are shown
 * escaped ({@link terminalText}) and measured as shown; cells longer than `maxWidth` are cut with `…`.
 */
export function textTable(options: TextTableOptions): string {
  const maxWidth = options.maxWidth ?? 60;
  const separator = options.separator ?? '  ';
  const cut = (raw: string) => {
    const cell = Array.from(terminalText(raw));
    return cell.length > maxWidth ? `${cell.slice(0, maxWidth - 1).join('')}…` : cell.join('');
  };
  const head = (options.head ?? []).map(cut);
  const rows = options.rows.map((row) => row.map(cut));
  const columns = Math.max(head.length, ...rows.map((row) => row.length));
  const table = new Table({
    head,
    chars: {
      ...noBorder,
      middle: separator,
      mid: options.headRule ? '-' : '',
      'mid-mid': options.headRule ? separator.replaceAll(' ', '-') : '',
    },
    colAligns: Array.from({ length: columns }, (_, i) =>
      options.alignRight?.includes(i) ? 'right' : 'left',
    ),
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': 0, compact: true },
  });
  table.push(...rows.map((row) => [...row]));
  return table
    .toString()
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}
