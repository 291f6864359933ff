import type { DlqSplit, DlqSplitChild } from '@quarry/queue';
import { triageDefaults } from './triage-defaults';

/** Options of {@link splitChildRows}. */
export interface SplitChildRowsOptions {
  /** Rows kept at most; default `triageDefaults.splitChildRows`. Clamped to 1–2000. */
  readonly max?: number;
}

/** The children of a split parent as a view lists them: failed first, at most `max`, and how many were left out. */
export interface SplitChildRows {
  readonly rows: readonly DlqSplitChild[];
  /** Children past `max`. */
  readonly more: number;
  readonly failed: number;
  readonly total: number;
}

/**
 * The children of a dead-lettered split parent in the order a view shows them: failed ones first,
 * then by index; capped at `max` rows, with how many more there were.
 */
export function splitChildRows(split: DlqSplit, options: SplitChildRowsOptions = {}): SplitChildRows {
  const wanted = options.max ?? triageDefaults.splitChildRows;
  const max = Number.isFinite(wanted)
    ? Math.min(2000, Math.max(1, Math.floor(wanted)))
    : triageDefaults.splitChildRows;
  const ordered = [...split.children].sort(
    (a, b) => Number(a.status !== 'failed') - Number(b.status !== 'failed') || a.index - b.index,
  );
  return {
    rows: ordered.slice(0, max),
    more: Math.max(0, ordered.length - max),
    failed: ordered.filter((child) => child.status === 'failed').length,
    total: ordered.length,
  };
}
