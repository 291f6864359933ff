import { deepEqual, isPlainObject } from './deep-equal';

/** Where a value came from: its window's index and pages. */
export interface WindowRef {
  readonly index: number;
  readonly firstPage: number;
  readonly lastPage: number;
}

/** One window's value at a path. */
export interface Contribution {
  readonly value: unknown;
  readonly window: WindowRef;
}

/**
 * Concatenates the windows' arrays at one path in window order, each item once: between two
 * neighbouring windows whose pages overlap, the longest run of items that ends the earlier window's
 * array and starts the later one's, item for item the same, is taken as read twice from the shared
 * pages; the later window's copies are dropped. Anywhere else (inside one window, or windows that are
 * not neighbours or share no page) equal items are kept: a document may hold equal rows.
 *
 * Items are the same when their `keys` fields are equal, each present and not null in both; else
 * (no keys, items that are not objects, a key field missing) when they are equal in full.
 *
 * Returns, for each item of the result, the copies of it (one per window that read it), and how many
 * copies were dropped.
 */
export function mergeArrays(options: {
  readonly contributions: readonly Contribution[];
  readonly keys?: readonly string[];
}): { items: Contribution[][]; removed: number } {
  const same = sameItem(options.keys);
  const items: Contribution[][] = [];
  let removed = 0;
  let before: { window: WindowRef; values: readonly unknown[]; slots: readonly number[] } | undefined;
  for (const { value, window } of options.contributions) {
    const values = Array.isArray(value) ? value : [];
    const shared =
      before && window.firstPage <= before.window.lastPage ? runLength(before.values, values, same) : 0;
    const slots: number[] = [];
    values.forEach((item, i) => {
      const slot = before && i < shared ? before.slots[before.values.length - shared + i] : undefined;
      if (slot === undefined) {
        slots.push(items.length);
        items.push([{ value: item, window }]);
      } else {
        slots.push(slot);
        items[slot]?.push({ value: item, window });
        removed += 1;
      }
    });
    before = { window, values, slots };
  }
  return { items, removed };
}

/** The longest k such that the last k of `earlier` and the first k of `later` are the same, pair by pair. */
function runLength(
  earlier: readonly unknown[],
  later: readonly unknown[],
  same: (a: unknown, b: unknown) => boolean,
): number {
  for (let k = Math.min(earlier.length, later.length); k > 0; k -= 1) {
    const start = earlier.length - k;
    let all = true;
    for (let i = 0; i < k && all; i += 1) all = same(earlier[start + i], later[i]);
    if (all) return k;
  }
  return 0;
}

function sameItem(keys: readonly string[] | undefined): (a: unknown, b: unknown) => boolean {
  if (keys === undefined) return deepEqual;
  return (a, b) => {
    if (!isPlainObject(a) || !isPlainObject(b) || !keys.every((key) => known(a[key]) && known(b[key]))) {
      return deepEqual(a, b);
    }
    return keys.every((key) => deepEqual(a[key], b[key]));
  };
}

function known(value: unknown): boolean {
  return value !== null && value !== undefined;
}
