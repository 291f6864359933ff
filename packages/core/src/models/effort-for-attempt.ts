import type { EffortPlan } from './effort-plan';
import type { Effort } from './model-spec';
import { nextEffort } from './next-effort';

/**
 * The effort of the next attempt under `plan`, given the failed attempt before it (null for the
 * first): none, the fixed level, or for a ladder `start` first and then one rung above the
 * previous attempt's effort (a previous attempt without a recorded effort counts as none yet).
 */
export function effortForAttempt(
  plan: EffortPlan,
  previous: { readonly effort?: Effort | null | undefined } | null,
): Effort | null {
  switch (plan.kind) {
    case 'none':
      return null;
    case 'fixed':
      return plan.effort;
    case 'ladder': {
      const current = previous?.effort;
      if (current === undefined || current === null) return plan.start;
      return nextEffort({ current, top: plan.top }).effort;
    }
  }
}
