import { z } from 'zod';

const Count = z.number().nonnegative();
const Rate = z.number().min(0).max(1);

/**
 * How often a lesson's own error was made on first attempts, by jobs shown the lesson and by jobs
 * not shown it (before it was a lesson, while it was below the top lessons, while it was retired).
 * Decayed counts like the history's scores: a job weighs 2^(−age / half-life), so recent jobs count
 * most; a count is never negative and errors never exceed their jobs by more than rounding.
 */
export const LessonEffectCounts = z.object({
  /** First attempts of jobs shown the lesson. */
  shownJobs: Count,
  /** Of those, the ones that made the lesson's error. */
  shownErrors: Count,
  /** First attempts of jobs not shown the lesson, since it was last retired (else since the history began). */
  notShownJobs: Count,
  /** Of those, the ones that made the lesson's error. */
  notShownErrors: Count,
});
export type LessonEffectCounts = z.infer<typeof LessonEffectCounts>;

/** When a lesson was retired, and the two error rates it was retired on. */
export const LessonRetirement = z.object({
  /** Milliseconds since the epoch. */
  at: z.number(),
  shownRate: Rate,
  notShownRate: Rate,
});
export type LessonRetirement = z.infer<typeof LessonRetirement>;

/** `active`: shown to jobs when among the top lessons; `retired`: kept in the history, shown to none. */
export const LessonState = z.enum(['active', 'retired']);
export type LessonState = z.infer<typeof LessonState>;

/** One signature's lesson effect as stored: its counts and, while retired, its retirement. */
export const LessonEffect = z.object({
  signature: z.string(),
  state: LessonState,
  counts: LessonEffectCounts,
  /** Null while the lesson is active. */
  retired: LessonRetirement.nullable(),
});
export type LessonEffect = z.infer<typeof LessonEffect>;
