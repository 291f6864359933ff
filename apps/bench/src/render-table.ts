import { textTable } from '@quarry/env';
import type { LineResult } from './bench-line';

const format = (value: number | null): string => (value === null ? '—' : String(value));

/** The bench table as text: one row per line, then the notes. */
export function renderTable(lines: readonly LineResult[]): string {
  const table = textTable({
    head: ['#', 'line', 'metric', 'Quarry', 'baseline', 'comparison', 'target', 'result'],
    rows: lines.map((line) => [
      String(line.id),
      line.title,
      line.metric,
      format(line.quarry),
      format(line.baseline),
      line.comparison === null ? '—' : `${format(line.comparison)} (${line.comparisonLabel})`,
      line.target,
      line.status,
    ]),
    separator: ' | ',
    headRule: true,
    maxWidth: 200,
  });
  const notes = lines.flatMap((line) => line.notes.map((note) => `  [${line.id}] ${note}`));
  return [table, ...(notes.length > 0 ? ['', 'Notes:', ...notes] : [])].join('\n');
}
