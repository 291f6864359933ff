import { decideLessonEffect, type HistoryKey, type Lesson, type LessonCandidate } from '@quarry/core';
import type { Logger } from 'pino';
import { applyLessonDecision } from './apply-lesson-decision';
import type { WorkerHistory } from './create-worker-stores';
import { describeError } from './describe-error';

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
 * (`decideLessonEffect`): one that does not lower it is retired (not shown from this job on), a
 * retired one whose error rate rose again is restored (shown from the next job on); none when the
 * history is off or unreadable, or when the job is not to be shown any.
 *
 * Cost per job, lessons or none: the one round trip lessons always took (`read-history-3`), which
 * also counts the job on its first start; a failed first attempt counts its errors in the history
 * write it makes anyway (`record-history-3`). A retirement or a restoration adds one round trip, on
 * the one job whose read decides it.
 */
export async function readLessons(options: ReadLessonsOptions): Promise<readonly Lesson[]> {
  const { history, key, log } = options;
  if (!history || history.topN === 0 || !options.shown) return [];
  let candidates: LessonCandidate[];
  try {
    candidates = await history.store.lessonCandidates(key, {
      limit: history.topN,
      countJob: options.countJob,
    });
  } catch (error) {
    log.warn({ error: describeError(error) }, 'could not read lessons; running without them');
    return [];
  }
  const lessons: Lesson[] = [];
  for (const candidate of candidates) {
    const decision = decideLessonEffect({
      counts: candidate.counts,
      retired: candidate.retired,
      ...history.policy,
    });
    const shown = await applyLessonDecision({
      history,
      key,
      candidate,
      decision,
      countedJob: options.countJob,
      log,
    });
    if (shown) lessons.push(candidate.lesson);
  }
  return lessons.sort(
    (a, b) => b.score - a.score || b.count - a.count || a.signature.localeCompare(b.signature),
  );
}
