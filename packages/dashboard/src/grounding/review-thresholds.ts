import { normalizePath, type WorkflowRegistry } from '@quarry/core';
import { groundingPlan } from '@quarry/grounding';

/** A field's `reviewBelow` by concrete path; undefined when none is set. */
export type ReviewBelow = (path: string) => number | undefined;

const none: ReviewBelow = () => undefined;

/**
 * Each workflow version's `reviewBelow` per field, from its grounding plan (the most specific
 * setting wins, as when the worker flags a result); planned once per workflow version. A workflow
 * that is not registered, or whose setting does not plan, has none.
 */
export function reviewThresholds(
  registry: WorkflowRegistry,
): (workflow: string, version: number) => ReviewBelow {
  const plans = new Map<string, ReviewBelow>();
  return (workflow, version) => {
    const key = `${workflow}@${version}`;
    let found = plans.get(key);
    if (!found) {
      found = planned(registry, workflow, version);
      plans.set(key, found);
    }
    return found;
  };
}

function planned(registry: WorkflowRegistry, name: string, version: number): ReviewBelow {
  try {
    const workflow = registry.get(name, version);
    const plan = groundingPlan({
      output: workflow.output,
      ...(workflow.grounding === undefined ? {} : { grounding: workflow.grounding }),
    });
    const thresholds = new Map(plan.fields.map((field) => [field.pattern, field.reviewBelow]));
    return (path) => thresholds.get(normalizePath(path));
  } catch {
    return none;
  }
}
