import type { HistoryKey, Lesson } from '@quarry/core';
import type { Logger } from 'pino';
import type { WorkerHistory } from './create-worker-stores';

/** Options of {@link readLessons}. */
export interface ReadLessonsOptions {
  /** Null when the shared error history is switched off. */
  readonly history: WorkerHistory | null;
  readonly key: HistoryKey;
  /** False when the job is to be shown no lessons (an evaluation job with `lessons: 'off'`): none are read. */
  readonly shown: boolean;
  /** True on the job's first start: it is counted in the lesson effects, as shown the lessons it gets. */
  readonly countJob: boolean;
  readonly log: Logger;
}

/**
 * The top lessons of a job's history, each judged by its effect on the rate of its own error
 * (`decideLessonEffect`): one that does not lower it is retired (not shown from then on), a retired
 * one whose error rate rose again is restored (shown from the next read on); none when the history
 * is off or unreadable, or when the job is not to be shown any.
 *
 * Cost: the worker's `LessonCache` reads and judges a history's lessons once per interval
 * (`LESSON_READ_INTERVAL_MS`, or after this worker recorded a failed attempt of that history), and
 * writes the jobs it counted once per interval: most jobs make no Redis call here, and lesson-effect
 * counts are up to one interval late. A retirement or a restoration adds one round trip, on the read
 * that decides it.
 */
export async function readLessons(options: ReadLessonsOptions): Promise<readonly Lesson[]> {
  const { history } = options;
  if (!history || history.topN === 0 || !options.shown) return [];
  return history.lessons.read(options.key, { countJob: options.countJob, log: options.log });
}
