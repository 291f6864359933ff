import { type Effort, effortLevels } from './model-spec';

/**
 * The effort rung's decision after a failed attempt:
 * - `raise`: repeat at `effort`, one level up;
 * - `top`: the ladder is at its top; `effort` stays (from here a model ladder moves to a stronger
 *   model when a reply repeats an issue, see `ladderStep`).
 */
export type EffortStep =
  | { readonly action: 'raise'; readonly effort: Effort }
  | { readonly action: 'top'; readonly effort: Effort };

/** The effort rung: after a failed attempt at `current`, the next level up, never past `top`. */
export function nextEffort(options: { readonly current: Effort; readonly top: Effort }): EffortStep {
  const current = effortLevels.indexOf(options.current);
  const top = effortLevels.indexOf(options.top);
  if (current >= top) return { action: 'top', effort: options.top };
  return { action: 'raise', effort: effortLevels[current + 1] as Effort };
}
