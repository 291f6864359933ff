import { terminalText } from '@quarry/env';

/**
 * Renders rows as a plain-text table with a header, columns padded to their widest cell (cells longer
 * than `maxWidth` are cut with an ellipsis). Each cell is one line: control characters, line feeds
 * included, are shown escaped ({@link terminalText}) and measured as shown.
 */
export function textTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  options: { readonly maxWidth?: number } = {},
): string {
  const maxWidth = options.maxWidth ?? 60;
  const cut = (raw: string) => {
    const cell = terminalText(raw);
    return cell.length > maxWidth ? `${cell.slice(0, maxWidth - 1)}…` : cell;
  };
  const all = [header, ...rows].map((row) => row.map(cut));
  const widths = header.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)));
  return all
    .map((row) =>
      row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '),
    )
    .join('\n');
}
