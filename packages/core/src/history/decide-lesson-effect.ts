import type { LessonEffectCounts, LessonRetirement, LessonState } from './lesson-effect';

/** Defaults of {@link decideLessonEffect}, in one place. */
export const lessonEffectDefaults = {
  /** Jobs shown a lesson (decayed, rounded to whole jobs) before it may be retired. */
  minShownJobs: 50,
  /** Jobs not shown it (the same) before its rates are compared, or before a retired one may return. */
  minNotShownJobs: 20,
  /**
   * Relative margin: an active lesson stays only while its shown rate is below (1 − margin) × its
   * not-shown rate; a retired one returns once its rate is above (1 + margin) × the not-shown rate
   * it was retired on.
   */
  margin: 0.1,
} as const;

/** The evidence and margin a decision takes; each defaults to {@link lessonEffectDefaults}. */
export interface LessonEffectPolicy {
  readonly minShownJobs: number;
  readonly minNotShownJobs: number;
  readonly margin: number;
}

/** Options of {@link decideLessonEffect}. */
export interface DecideLessonEffectOptions extends Partial<LessonEffectPolicy> {
  readonly counts: LessonEffectCounts;
  /** Null while the lesson is active. */
  readonly retired: LessonRetirement | null;
}

/**
 * What to do with a lesson:
 * - `not_enough_evidence`: too few jobs (shown, or not shown) to judge; it stays as it is;
 * - `keep`: it stays as it is: an active lesson lowers its error's rate by more than the margin, or a
 *   retired one's rate has not risen;
 * - `retire`: an active lesson whose shown rate is not lower than its not-shown rate by the margin;
 * - `restore`: a retired lesson whose rate without it rose above the rate it was retired on.
 * Rates are null without jobs to take them from.
 */
export type LessonEffectDecision =
  | {
      readonly kind: 'not_enough_evidence';
      readonly state: LessonState;
      /** Whole jobs. */
      readonly shownJobs: number;
      readonly notShownJobs: number;
    }
  | {
      readonly kind: 'keep';
      readonly state: LessonState;
      readonly shownRate: number | null;
      readonly notShownRate: number;
    }
  | { readonly kind: 'retire'; readonly shownRate: number; readonly notShownRate: number }
  | { readonly kind: 'restore'; readonly notShownRate: number; readonly retiredNotShownRate: number };

/**
 * Decides whether a lesson helps, from the first attempts of jobs shown it and of jobs not shown it
 * (pure and deterministic). Counts are decayed, so evidence is judged in whole jobs (rounded);
 * counts that are not finite or negative count as 0, rates are kept within 0 and 1.
 */
export function decideLessonEffect(options: DecideLessonEffectOptions): LessonEffectDecision {
  const { counts, retired } = options;
  const minShownJobs = options.minShownJobs ?? lessonEffectDefaults.minShownJobs;
  const minNotShownJobs = options.minNotShownJobs ?? lessonEffectDefaults.minNotShownJobs;
  const margin = clamp(options.margin ?? lessonEffectDefaults.margin, 0, 1);
  const shownJobs = amount(counts.shownJobs);
  const notShownJobs = amount(counts.notShownJobs);
  const shownRate = rateOf(counts.shownErrors, shownJobs);
  const notShownRate = rateOf(counts.notShownErrors, notShownJobs);
  const state: LessonState = retired ? 'retired' : 'active';
  const wanting = {
    kind: 'not_enough_evidence',
    state,
    shownJobs: whole(shownJobs),
    notShownJobs: whole(notShownJobs),
  } as const;
  if (retired) {
    if (notShownRate === null || whole(notShownJobs) < minNotShownJobs) return wanting;
    const retiredNotShownRate = clamp(retired.notShownRate, 0, 1);
    return notShownRate > retiredNotShownRate * (1 + margin)
      ? { kind: 'restore', notShownRate, retiredNotShownRate }
      : { kind: 'keep', state, shownRate, notShownRate };
  }
  if (shownRate === null || notShownRate === null) return wanting;
  if (whole(shownJobs) < minShownJobs || whole(notShownJobs) < minNotShownJobs) return wanting;
  return shownRate < notShownRate * (1 - margin)
    ? { kind: 'keep', state, shownRate, notShownRate }
    : { kind: 'retire', shownRate, notShownRate };
}

const amount = (value: number): number => (Number.isFinite(value) && value > 0 ? value : 0);
const whole = (value: number): number => Math.round(value);
const clamp = (value: number, min: number, max: number): number =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;

/** Errors over jobs within 0 and 1; null without jobs. */
function rateOf(errors: number, jobs: number): number | null {
  return jobs > 0 ? clamp(amount(errors) / jobs, 0, 1) : null;
}
