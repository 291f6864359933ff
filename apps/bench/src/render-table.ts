import type { LineResult } from './bench-line';

const format = (value: number | null): string =>
  value === null ? '—' : Number.isInteger(value) ? String(value) : String(value);

/** The bench table as text: one row per line, then the notes. */
export function renderTable(lines: readonly LineResult[]): string {
  const header = ['#', 'line', 'metric', 'Quarry', 'baseline', 'comparison', 'target', 'result'];
  const rows = lines.map((line) => [
    String(line.id),
    line.title,
    line.metric,
    format(line.quarry),
    format(line.baseline),
    line.comparison === null ? '—' : `${format(line.comparison)} (${line.comparisonLabel})`,
    line.target,
    line.status,
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const render = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join(' | ')
      .trimEnd();
  const notes = lines.flatMap((line) => line.notes.map((note) => `  [${line.id}] ${note}`));
  return [
    render(header),
    widths.map((width) => '-'.repeat(width)).join('-|-'),
    ...rows.map(render),
    ...(notes.length > 0 ? ['', 'Notes:', ...notes] : []),
  ].join('\n');
}
