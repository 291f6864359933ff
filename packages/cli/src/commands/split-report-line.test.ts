import type { SplitReport } from '@quarry/queue';
import { describe, expect, it } from 'vitest';
import { splitReportLine } from './split-report-line';

const report = (overrides: Partial<SplitReport> = {}): SplitReport => ({
  windows: 4,
  groups: 2,
  children: 8,
  reasons: ['pages'],
  merged: { duplicatesRemoved: 3, conflicts: [{ path: 'total', reason: 'no_rule', values: [] }] },
  rerun: 0,
  ...overrides,
});

describe('splitReportLine', () => {
  it('says windows × groups = children, duplicates removed and conflicts', () => {
    expect(splitReportLine(report())).toBe(
      'split: 4 windows × 2 groups = 8 children; 3 duplicates removed; 1 conflict',
    );
    expect(
      splitReportLine(
        report({ windows: 1, groups: 1, children: 1, merged: { duplicatesRemoved: 1, conflicts: [] } }),
      ),
    ).toBe('split: 1 window × 1 group = 1 child; 1 duplicate removed; 0 conflicts');
  });

  it('names the children run again and those missing, at most ten', () => {
    const missing = Array.from({ length: 12 }, (_, index) => ({
      index,
      pages: index === 0 ? null : ([index * 10 + 1, index * 10 + 10] as [number, number]),
      paths: null,
      reason: 'validation_exhausted',
    }));
    const line = splitReportLine(report({ rerun: 2, missing }));
    expect(line).toMatch(/; 2 children run again; missing 12: child 0, child 1 \(pages 11–20\), /);
    expect(line).toMatch(/child 9 \(pages 91–100\), … and 2 more$/);
  });

  it('neutralises control characters from the report', () => {
    const line = splitReportLine(
      report({ missing: [{ index: 1, pages: null, paths: null, reason: '\u001b[31mred' }] }),
    );
    expect(line).not.toContain('\u001b');
  });
});
