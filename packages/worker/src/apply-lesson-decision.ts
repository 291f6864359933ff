import type { HistoryKey, LessonCandidate, LessonEffectDecision, LessonEffectStore } from '@quarry/core';
import type { Logger } from 'pino';
import { assertNever } from './assert-never';
import { describeError } from './describe-error';

/** Options of {@link applyLessonDecision}. */
export interface ApplyLessonDecisionOptions {
  readonly store: Pick<LessonEffectStore, 'retireLesson' | 'restoreLesson'>;
  readonly key: HistoryKey;
  readonly candidate: LessonCandidate;
  readonly decision: LessonEffectDecision;
  readonly log: Logger;
}

/**
 * Carries out a lesson decision for the read that made it, and says whether the jobs of that read
 * are shown the lesson: a lesson kept (or not judged yet) is shown while active; a retired one is not
 * shown from these jobs on (shown after all when the retirement cannot be written; they are then
 * counted as shown it); a restored one is shown from the next read on. A retirement or a restoration
 * is one round trip.
 */
export async function applyLessonDecision(options: ApplyLessonDecisionOptions): Promise<boolean> {
  const { store, key, candidate, decision, log } = options;
  const { signature } = candidate.lesson;
  const where = { workflow: key.workflow, version: key.version, signature };
  switch (decision.kind) {
    case 'keep':
    case 'not_enough_evidence':
      return candidate.retired === null;
    case 'retire': {
      const { shownRate, notShownRate } = decision;
      try {
        const now = await store.retireLesson(key, { signature, shownRate, notShownRate });
        if (now)
          log.info({ ...where, shownRate, notShownRate }, 'lesson retired: it does not lower its error');
        return false;
      } catch (error) {
        log.warn({ ...where, error: describeError(error) }, 'could not retire a lesson; shown this time');
        return true;
      }
    }
    case 'restore': {
      const retiredAt = candidate.retired?.at ?? 0;
      try {
        if (await store.restoreLesson(key, { signature, retiredAt })) {
          const { notShownRate, retiredNotShownRate } = decision;
          log.info({ ...where, notShownRate, retiredNotShownRate }, 'lesson restored: its error rose again');
        }
      } catch (error) {
        log.warn({ ...where, error: describeError(error) }, 'could not restore a lesson');
      }
      return false;
    }
    default:
      return assertNever(decision, 'lesson decision');
  }
}
