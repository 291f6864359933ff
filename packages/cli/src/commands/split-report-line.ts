import { terminalText } from '@quarry/env';
import type { SplitReport } from '@quarry/queue';
import { splitPagesLabel } from '@quarry/triage';

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * How a split job was split and merged, in one line: `split: 4 windows × 2 groups = 8 children;
 * 3 duplicates removed; 1 conflict`, with the children run again after a rule failed and the
 * children missing from the result (`missing: child 5 (pages 41–50)`) when there were any.
 * Neutralised for a terminal.
 */
export function splitReportLine(report: SplitReport): string {
  const parts = [
    `split: ${plural(report.windows, 'window')} × ${plural(report.groups, 'group')} = ${plural(report.children, 'child', 'children')}`,
    `${plural(report.merged.duplicatesRemoved, 'duplicate')} removed`,
    plural(report.merged.conflicts.length, 'conflict'),
  ];
  if (report.rerun > 0) parts.push(`${plural(report.rerun, 'child', 'children')} run again`);
  const missing = report.missing ?? [];
  if (missing.length > 0) {
    const shown = missing
      .slice(0, 10)
      .map((child) => `child ${child.index}${child.pages ? ` (pages ${splitPagesLabel(child.pages)})` : ''}`);
    const more = missing.length > shown.length ? `, … and ${missing.length - shown.length} more` : '';
    parts.push(`missing ${missing.length}: ${shown.join(', ')}${more}`);
  }
  return terminalText(parts.join('; '));
}
