import type { AnyWorkflow, Grounder } from '@quarry/core';
import { createGrounder } from '@quarry/grounding';

/** Grounders by workflow definition: planning one walks its schema, so it is done once. */
const grounders = new WeakMap<AnyWorkflow, Grounder | null>();

/**
 * The grounder of a registered workflow (null when its grounding is off), made on first use and
 * kept for the workflow's lifetime.
 *
 * @throws GroundingConfigError when the workflow's grounding setting does not fit its output schema.
 */
export function workflowGrounder(workflow: AnyWorkflow): Grounder | null {
  const known = grounders.get(workflow);
  if (known !== undefined) return known;
  const grounder = createGrounder({
    output: workflow.output,
    ...(workflow.grounding !== undefined ? { grounding: workflow.grounding } : {}),
  });
  grounders.set(workflow, grounder);
  return grounder;
}
