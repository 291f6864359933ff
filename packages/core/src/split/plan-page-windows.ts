import { SplitInputError } from './split-input-error';

/** Limits and defaults of {@link planPageWindows}, in one place. */
export const pageWindowDefaults = {
  /** Pages in a window. */
  window: 10,
  /** Pages two neighbouring windows share. */
  overlap: 1,
  maxPages: 100_000,
  maxWindow: 1_000,
} as const;

/** One window of pages, 1-based and inclusive; `index` counts from 0 in page order. */
export interface PageWindow {
  readonly index: number;
  readonly firstPage: number;
  readonly lastPage: number;
}

/** Options of {@link planPageWindows}. */
export interface PlanPageWindowsOptions {
  /** Pages in the document: a whole number from 1 to 100,000. */
  readonly pages: number;
  /** Pages in a window (default 10): a whole number from 1; above 1,000 it is cut to 1,000. */
  readonly window?: number;
  /** Pages shared by neighbouring windows (default 1): a whole number from 0; above `window − 1` it is cut to that. */
  readonly overlap?: number;
}

/**
 * Splits a document of `pages` pages into windows of `window` pages, each starting `overlap` pages
 * before the previous one ends, so that every page is in a window and neighbours share `overlap`
 * pages. A document that fits in one window gives one window. The last window ends at the last page;
 * where it would add fewer new pages (pages the window before it lacks) than both `overlap + 1` and a
 * regular step (`window − overlap`), there is no such sliver: the window before it is extended to the
 * last page instead (so the last window may hold up to `window + overlap` pages). Every other
 * window holds exactly `window` pages.
 *
 * @throws {SplitInputError} when `pages` is not a whole number from 1 to 100,000, or `window` or
 * `overlap` is not a whole number or below its minimum.
 */
export function planPageWindows(options: PlanPageWindowsOptions): PageWindow[] {
  const { pages, window, overlap } = checkedOptions(options);
  const windows: PageWindow[] = [];
  let firstPage = 1;
  for (;;) {
    let lastPage = Math.min(firstPage + window - 1, pages);
    // A next window adding this few new pages would be the last one, and a sliver.
    if (pages - lastPage < Math.min(overlap + 1, window - overlap)) lastPage = pages;
    windows.push({ index: windows.length, firstPage, lastPage });
    if (lastPage === pages) return windows;
    firstPage = lastPage - overlap + 1;
  }
}

function checkedOptions(options: PlanPageWindowsOptions): { pages: number; window: number; overlap: number } {
  const { pages } = options;
  const window = options.window ?? pageWindowDefaults.window;
  const overlap = options.overlap ?? pageWindowDefaults.overlap;
  const problems: string[] = [];
  if (!isWhole(pages) || pages < 1 || pages > pageWindowDefaults.maxPages) {
    problems.push(
      `pages: expected a whole number from 1 to ${pageWindowDefaults.maxPages}, got ${shown(pages)}`,
    );
  }
  if (!isWhole(window) || window < 1)
    problems.push(`window: expected a whole number from 1, got ${shown(window)}`);
  if (!isWhole(overlap) || overlap < 0)
    problems.push(`overlap: expected a whole number from 0, got ${shown(overlap)}`);
  if (problems.length > 0) throw new SplitInputError({ problems });
  const clampedWindow = Math.min(window, pageWindowDefaults.maxWindow);
  return { pages, window: clampedWindow, overlap: Math.min(overlap, clampedWindow - 1) };
}

function isWhole(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** A number as text; anything else only by its type (never echoed). */
function shown(value: unknown): string {
  return typeof value === 'number' ? String(value) : typeof value;
}
