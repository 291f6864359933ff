import type { Grounder, GroundingSetting } from '@quarry/core';
import type { z } from 'zod';
import { checkGrounding } from '../check/check-grounding';
import type { GroundingLimits } from '../locate/grounding-limits';
import { groundingPlan } from '../plan/grounding-plan';
import { splitEvidence } from '../split/split-evidence';

/** Options of {@link createGrounder}: a workflow's output schema and grounding setting. */
export interface CreateGrounderOptions {
  readonly output: z.ZodType;
  readonly grounding?: GroundingSetting;
  /** Limits of each check (see `defaultGroundingLimits`). */
  readonly limits?: Partial<GroundingLimits>;
}

/**
 * The `Grounder` that `extract()` of `@quarry/core` takes, for one workflow: plans once, then splits
 * and checks each reply. Null when nothing of the output schema is grounded (grounding off).
 *
 * @throws GroundingConfigError when the setting is invalid or does not fit the schema.
 */
export function createGrounder(options: CreateGrounderOptions): Grounder | null {
  const plan = groundingPlan({
    output: options.output,
    ...(options.grounding !== undefined ? { grounding: options.grounding } : {}),
  });
  if (!plan.shape) return null;
  return {
    outputSchema: plan.jsonSchema,
    split: (reply) => splitEvidence({ plan, reply }),
    check: ({ document, data, evidence }) => {
      const { issues, reviewReasons, provenance } = checkGrounding({
        plan,
        document,
        data,
        evidence,
        ...(options.limits ? { limits: options.limits } : {}),
      });
      return { issues, reviewReasons, provenance };
    },
  };
}
