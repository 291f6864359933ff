import { describe, expect, it } from 'vitest';
import { type PageWindow, pageWindowDefaults, planPageWindows } from './plan-page-windows';
import { SplitInputError } from './split-input-error';

/** Every page covered, in order, neighbours sharing exactly `overlap` pages, indices 0.. in order. */
function expectTiling(windows: readonly PageWindow[], pages: number, overlap: number): void {
  expect(windows[0]?.firstPage).toBe(1);
  expect(windows.at(-1)?.lastPage).toBe(pages);
  windows.forEach((window, i) => {
    expect(window.index).toBe(i);
    expect(window.firstPage).toBeLessThanOrEqual(window.lastPage);
    const before = windows[i - 1];
    if (before) expect(before.lastPage - window.firstPage + 1).toBe(overlap);
  });
}

function errorOf(run: () => unknown): SplitInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof SplitInputError) return error;
    throw error;
  }
  throw new Error('expected a SplitInputError');
}

describe('planPageWindows', () => {
  it('gives one window for a document that fits in one', () => {
    expect(planPageWindows({ pages: 1 })).toEqual([{ index: 0, firstPage: 1, lastPage: 1 }]);
    expect(planPageWindows({ pages: 10 })).toEqual([{ index: 0, firstPage: 1, lastPage: 10 }]);
    expect(planPageWindows({ pages: 7, window: 7, overlap: 3 })).toEqual([
      { index: 0, firstPage: 1, lastPage: 7 },
    ]);
  });

  it('uses windows of 10 pages overlapping by 1 by default', () => {
    expect(planPageWindows({ pages: 28 })).toEqual([
      { index: 0, firstPage: 1, lastPage: 10 },
      { index: 1, firstPage: 10, lastPage: 19 },
      { index: 2, firstPage: 19, lastPage: 28 },
    ]);
    expect(pageWindowDefaults.window).toBe(10);
    expect(pageWindowDefaults.overlap).toBe(1);
  });

  it('ends the last window at the last page', () => {
    expect(planPageWindows({ pages: 25 })).toEqual([
      { index: 0, firstPage: 1, lastPage: 10 },
      { index: 1, firstPage: 10, lastPage: 19 },
      { index: 2, firstPage: 19, lastPage: 25 },
    ]);
  });

  it('extends the window before rather than leave a sliver of fewer than overlap + 1 new pages', () => {
    // A third window 19–20 would add one new page (fewer than overlap + 1 = 2).
    expect(planPageWindows({ pages: 20 })).toEqual([
      { index: 0, firstPage: 1, lastPage: 10 },
      { index: 1, firstPage: 10, lastPage: 20 },
    ]);
    expect(planPageWindows({ pages: 11 })).toEqual([{ index: 0, firstPage: 1, lastPage: 11 }]);
    // 21 pages: a third window 19–21 adds two new pages, which is enough.
    expect(planPageWindows({ pages: 21 }).at(-1)).toEqual({ index: 2, firstPage: 19, lastPage: 21 });
    // Overlap 3: a last window adding 3 new pages or fewer is folded into the one before.
    expect(planPageWindows({ pages: 13, window: 10, overlap: 3 })).toEqual([
      { index: 0, firstPage: 1, lastPage: 13 },
    ]);
    expect(planPageWindows({ pages: 14, window: 10, overlap: 3 })).toEqual([
      { index: 0, firstPage: 1, lastPage: 10 },
      { index: 1, firstPage: 8, lastPage: 14 },
    ]);
  });

  it('tiles without overlap when overlap is 0', () => {
    expect(planPageWindows({ pages: 21, window: 10, overlap: 0 })).toEqual([
      { index: 0, firstPage: 1, lastPage: 10 },
      { index: 1, firstPage: 11, lastPage: 20 },
      { index: 2, firstPage: 21, lastPage: 21 },
    ]);
  });

  it('covers every page in order for many sizes, no window larger than window + overlap, no sliver', () => {
    for (const window of [1, 2, 3, 5, 10]) {
      for (let overlap = 0; overlap < window; overlap += 1) {
        for (let pages = 1; pages <= 60; pages += 1) {
          const windows = planPageWindows({ pages, window, overlap });
          expectTiling(windows, pages, overlap);
          for (const w of windows) expect(w.lastPage - w.firstPage + 1).toBeLessThanOrEqual(window + overlap);
          for (const w of windows.slice(0, -1)) expect(w.lastPage - w.firstPage + 1).toBe(window);
          const [before, last] = windows.slice(-2);
          if (before && last) {
            expect(last.lastPage - before.lastPage).toBeGreaterThanOrEqual(
              Math.min(overlap + 1, window - overlap),
            );
          }
        }
      }
    }
  });

  it('plans the largest document', () => {
    const windows = planPageWindows({ pages: 100_000, window: 1_000, overlap: 0 });
    expect(windows).toHaveLength(100);
    expectTiling(windows, 100_000, 0);
  });

  it('cuts a window above 1,000 to 1,000 and an overlap of window or more to window − 1', () => {
    const big = planPageWindows({ pages: 2_500, window: 5_000, overlap: 0 });
    expect(big.map((w) => [w.firstPage, w.lastPage])).toEqual([
      [1, 1_000],
      [1_001, 2_000],
      [2_001, 2_500],
    ]);
    const steep = planPageWindows({ pages: 5, window: 3, overlap: 9 });
    expectTiling(steep, 5, 2);
    expect(steep.map((w) => [w.firstPage, w.lastPage])).toEqual([
      [1, 3],
      [2, 4],
      [3, 5],
    ]);
  });

  it('rejects pages that are not a whole number from 1 to 100,000', () => {
    for (const pages of [0, -1, 100_001, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const error = errorOf(() => planPageWindows({ pages }));
      expect(error.name).toBe('SplitInputError');
      expect(error.problems).toEqual([
        expect.stringMatching(/^pages: expected a whole number from 1 to 100000/),
      ]);
    }
    const error = errorOf(() => planPageWindows({ pages: '12' as unknown as number }));
    expect(error.problems).toEqual(['pages: expected a whole number from 1 to 100000, got string']);
  });

  it('rejects a window or overlap that is not a whole number or is below its minimum, naming each', () => {
    const error = errorOf(() => planPageWindows({ pages: 10, window: 0, overlap: -1 }));
    expect(error.problems).toEqual([
      'window: expected a whole number from 1, got 0',
      'overlap: expected a whole number from 0, got -1',
    ]);
    expect(errorOf(() => planPageWindows({ pages: 10, window: 2.5 })).problems).toEqual([
      'window: expected a whole number from 1, got 2.5',
    ]);
    expect(errorOf(() => planPageWindows({ pages: 10, overlap: Number.NaN })).problems).toEqual([
      'overlap: expected a whole number from 0, got NaN',
    ]);
  });
});
