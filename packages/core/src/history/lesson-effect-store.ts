import type { HistoryKey } from './history-store';
import type { Lesson } from './lesson';
import type { LessonEffectCounts, LessonRetirement } from './lesson-effect';

/** A top signature of a history, with its lesson effect: shown to the job unless retired or retired now. */
export interface LessonCandidate {
  readonly lesson: Lesson;
  /** Counts up to (not including) the job that reads them. */
  readonly counts: LessonEffectCounts;
  /** Null while the lesson is active. */
  readonly retired: LessonRetirement | null;
}

/** Options of {@link LessonEffectStore.lessonCandidates}. */
export interface LessonCandidatesOptions {
  /** Active lessons wanted. */
  readonly limit: number;
  /**
   * Counts the reading job as a first attempt (once per job: its first start), shown the active
   * lessons returned; its first attempt's errors are then counted by `HistoryStore.record`.
   */
  readonly countJob: boolean;
}

/** Port: where each lesson's effect on the rate of its own error is counted, and its state kept. */
export interface LessonEffectStore {
  /**
   * The most frequent signatures of the history down to the `limit`-th active one, retired ones
   * included (they say so), most frequent first; one round trip, counting the job when asked.
   */
  lessonCandidates(key: HistoryKey, options: LessonCandidatesOptions): Promise<LessonCandidate[]>;
  /**
   * Retires a lesson on the two rates given: it is shown to no job from now on, and its counts start
   * again (jobs not shown it count from here). `countedJob`: the job that decided it was counted as
   * shown the lesson and will not be shown it; it counts as not shown. False when already retired.
   */
  retireLesson(
    key: HistoryKey,
    retirement: {
      readonly signature: string;
      readonly shownRate: number;
      readonly notShownRate: number;
      readonly countedJob: boolean;
    },
  ): Promise<boolean>;
  /** Shows a retired lesson again from the next job on, keeping its counts. False when it was not retired at `retiredAt`. */
  restoreLesson(
    key: HistoryKey,
    lesson: { readonly signature: string; readonly retiredAt: number },
  ): Promise<boolean>;
}
