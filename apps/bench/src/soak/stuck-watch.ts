/** What {@link stuckWatch} says of the latest count of finished jobs. */
export type StuckWatchVerdict =
  | { readonly kind: 'moving' }
  /** No job finished for a third of the limit (again): time to log what the unfinished jobs do. */
  | { readonly kind: 'describe'; readonly idleMs: number }
  /** No job finished for the whole limit: the run is wedged. */
  | { readonly kind: 'stuck'; readonly idleMs: number };

/**
 * Watches a run's count of finished jobs: `observe(finished)` answers `describe` once a third of
 * `stuckMs` passes without a job finishing (and every third after), `stuck` once all of it has.
 */
export function stuckWatch(options: { readonly stuckMs: number; readonly now?: () => number }): {
  observe(finished: number): StuckWatchVerdict;
} {
  const now = options.now ?? Date.now;
  let last = -1;
  let movedAt = now();
  let describedAt = movedAt;
  return {
    observe(finished) {
      const at = now();
      if (finished !== last) {
        last = finished;
        movedAt = at;
        describedAt = at;
        return { kind: 'moving' };
      }
      const idleMs = at - movedAt;
      if (idleMs >= options.stuckMs) return { kind: 'stuck', idleMs };
      if (at - describedAt >= options.stuckMs / 3) {
        describedAt = at;
        return { kind: 'describe', idleMs };
      }
      return { kind: 'moving' };
    },
  };
}
