import type { DlqSplit } from '@quarry/queue';
import { describe, expect, it } from 'vitest';
import { splitChildRows } from './split-child-rows';
import { splitPagesLabel, splitPartText, splitPathsLabel } from './split-labels';
import { childPart } from './test-fixtures/split-records';

const split = (count: number, failed: (index: number) => boolean): DlqSplit => ({
  splitId: 's-1',
  children: Array.from({ length: count }, (_, index) => ({
    index,
    jobId: `c${index}`,
    status: failed(index) ? ('failed' as const) : ('completed' as const),
    pages: null,
    paths: null,
    attempts: 1,
    costUsd: null,
  })),
});

describe('splitChildRows', () => {
  it('lists failed children first, then by index', () => {
    const view = splitChildRows(split(5, (index) => index === 3 || index === 1));
    expect(view.rows.map((row) => row.index)).toEqual([1, 3, 0, 2, 4]);
    expect(view).toMatchObject({ more: 0, failed: 2, total: 5 });
  });

  it('caps the rows at 50 by default and says how many more there were', () => {
    const view = splitChildRows(split(120, (index) => index >= 100));
    expect(view.rows).toHaveLength(50);
    expect(view.rows.slice(0, 20).every((row) => row.status === 'failed')).toBe(true);
    expect(view.more).toBe(70);
  });

  it('clamps a cap from outside to 1–2000 (a bad number falls back to the default)', () => {
    const children = split(60, () => false);
    expect(splitChildRows(children, { max: 0 }).rows).toHaveLength(1);
    expect(splitChildRows(children, { max: -5 }).rows).toHaveLength(1);
    expect(splitChildRows(children, { max: 2.7 }).rows).toHaveLength(2);
    expect(splitChildRows(children, { max: Number.NaN }).rows).toHaveLength(50);
    expect(splitChildRows(children, { max: Number.POSITIVE_INFINITY }).rows).toHaveLength(50);
    expect(splitChildRows(children, { max: 1e9 }).rows).toHaveLength(60);
  });
});

describe('split labels', () => {
  it('shows pages as a range, one page alone, or all', () => {
    expect(splitPagesLabel([28, 37])).toBe('28–37');
    expect(splitPagesLabel([4, 4])).toBe('4');
    expect(splitPagesLabel(null)).toBe('all');
  });

  it('shows the first fields of a group and how many more', () => {
    expect(splitPathsLabel(['a', 'b'])).toBe('a, b');
    expect(splitPathsLabel(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c +2 more');
    expect(splitPathsLabel(null)).toBe('all');
  });

  it("names a child's parent job, pages and field group", () => {
    expect(splitPartText(childPart('job-7', 2, { children: 22, paths: ['total', 'lines.amount'] }))).toBe(
      'child 2 of 22 of job job-7: pages 21–30; fields total, lines.amount',
    );
    expect(splitPartText(childPart('job-7', 0, { window: null, paths: null }))).toBe(
      'child 0 of 3 of job job-7: all pages; all fields',
    );
  });
});
