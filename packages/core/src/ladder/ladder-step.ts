import type { AttemptRecord } from '../attempts/attempt-record';
import { uniqueSignatures } from '../issues/issue-signature';
import { sameAttempt } from '../loop/same-attempt';
import type { EffortPlan } from '../models/effort-plan';
import { nextEffort } from '../models/next-effort';
import type { ClimbReason } from './climb-reason';
import { rungOf } from './rung-of';

/**
 * Which model of the ladder the next attempt is asked, decided from the attempts so far:
 * - `stay`: on `rung` (the first attempt, or the failed one's model may try again);
 * - `climb`: on `rung`, one above the failed attempt's, for `reason`;
 * - `stop`: no progress on the top rung (and `stopOnNoProgress`): the job ends as `no_progress`.
 */
export type LadderStep =
  | { readonly action: 'stay'; readonly rung: number }
  | { readonly action: 'climb'; readonly rung: number; readonly reason: ClimbReason }
  | { readonly action: 'stop'; readonly rung: number };

/** Options of {@link ladderStep}. */
export interface LadderStepOptions {
  /** The ladder, cheapest first: each model and its effort plan. */
  readonly rungs: readonly { readonly modelId: string; readonly effortPlan: EffortPlan }[];
  /** Every attempt so far, in order; the last one failed (none: the job has not asked yet). */
  readonly records: readonly AttemptRecord[];
  /** Attempts each rung below the top may use. */
  readonly attemptsPerModel: number;
  readonly stopOnNoProgress: boolean;
}

/** True when the rung's effort ladder would ask the next attempt at a higher effort than `record`'s. */
function effortRises(plan: EffortPlan, record: AttemptRecord): boolean {
  if (plan.kind !== 'ladder' || !record.effort) return false;
  return nextEffort({ current: record.effort, top: plan.top }).action === 'raise';
}

/**
 * The model ladder's decision after a failed attempt on rung r (not the top): climb on no progress
 * (two same replies in a row on r), on a reply repeating an issue signature fed back earlier (once
 * r's effort ladder, if any, is at its top: effort rises first, then the model), or when r's
 * allowance is spent; else stay. On the top rung the job stays until `maxAttempts`, or stops on
 * no progress. Pure: a job resumed from its stored attempts continues on the same rung.
 */
export function ladderStep(options: LadderStepOptions): LadderStep {
  const { rungs, records } = options;
  const last = records.at(-1);
  if (!last) return { action: 'stay', rung: 0 };
  const ladder = rungs.map((rung) => rung.modelId);
  const rung = rungOf(last, ladder);
  const previous = records.at(-2);
  const noProgress = previous !== undefined && sameAttempt(previous, last);
  if (rung >= rungs.length - 1) {
    return noProgress && options.stopOnNoProgress ? { action: 'stop', rung } : { action: 'stay', rung };
  }
  const climb = (reason: ClimbReason): LadderStep => ({ action: 'climb', rung: rung + 1, reason });
  if (noProgress) return climb('no_progress');
  const fedBack = new Set(records.slice(0, -1).flatMap((record) => uniqueSignatures(record.issues)));
  const plan = rungs[rung]?.effortPlan ?? { kind: 'none' };
  if (!effortRises(plan, last) && uniqueSignatures(last.issues).some((s) => fedBack.has(s))) {
    return climb('repeated_issue');
  }
  const onRung = records.filter((record) => rungOf(record, ladder) === rung).length;
  if (onRung >= options.attemptsPerModel) return climb('rung_spent');
  return { action: 'stay', rung };
}
