import type { Grounder, GroundingSetting } from '@quarry/core';
import type { z } from 'zod';
import { checkGrounding } from '../check/check-grounding';
import { fieldConfidence } from '../confidence/field-confidence';
import { weakFieldReason, weakFields } from '../confidence/weak-fields';
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
 * and checks each reply, and rates the accepted reply's fields (`fieldConfidence`, `weakFields`). Null when nothing of the output schema is grounded (grounding off).
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
    check: ({ document, data, evidence, locale }) => {
      return checkGrounding({
        plan,
        document,
        data,
        evidence,
        locale,
        ...(options.limits ? { limits: options.limits } : {}),
      });
    },
    confidence: (attempts) => {
      const confidences = fieldConfidence(attempts);
      const weak = weakFields({ plan, confidences });
      return {
        confidence: Object.fromEntries(confidences.map((field) => [field.path, field.confidence])),
        reviewReasons: weak.flatMap((field) => weakFieldReason(field) ?? []),
        weakFields: weak,
      };
    },
  };
}
