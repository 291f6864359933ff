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
}

/**
 * Jobs of one history counted at once by {@link LessonEffectStore.countLessonJobs}: each on its first
 * start (its first attempt's errors are counted by `HistoryStore.record`), as shown the lessons it got.
 */
export interface LessonJobCounts {
  /** Jobs counted. */
  readonly jobs: number;
  /** Of those jobs, how many were shown each lesson, by signature. */
  readonly shown: ReadonlyMap<string, number>;
}

/** Port: where each lesson's effect on the rate of its own error is counted, and its state kept. */
export interface LessonEffectStore {
  /**
   * The most frequent signatures of the history down to the `limit`-th active one, retired ones
   * included (they say so), most frequent first; one round trip, read only.
   */
  lessonCandidates(key: HistoryKey, options: LessonCandidatesOptions): Promise<LessonCandidate[]>;
  /**
   * Counts jobs in the lesson effects, weighted as of now (a caller may gather the jobs of an
   * interval and count them at once: their counts are then up to that interval late). A shown
   * count of a lesson retired meanwhile is left out (those jobs count as not shown it). One round trip.
   */
  countLessonJobs(key: HistoryKey, counts: LessonJobCounts): Promise<void>;
  /**
   * Retires a lesson on the two rates given: it is shown to no job from now on, and its counts start
   * again (jobs counted from here count as not shown it). Jobs not counted yet that were shown it
   * are the caller's to drop from their shown counts. False when already retired.
   */
  retireLesson(
    key: HistoryKey,
    retirement: {
      readonly signature: string;
      readonly shownRate: number;
      readonly notShownRate: number;
    },
  ): Promise<boolean>;
  /** Shows a retired lesson again from the next job on, keeping its counts. False when it was not retired at `retiredAt`. */
  restoreLesson(
    key: HistoryKey,
    lesson: { readonly signature: string; readonly retiredAt: number },
  ): Promise<boolean>;
}
