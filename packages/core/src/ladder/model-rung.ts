import type { EffortPlan } from '../models/effort-plan';
import type { ModelSpec } from '../models/model-spec';
import type { RequestRules } from '../models/request-rules';

/** One model of a job's ladder, with everything its requests follow. */
export interface ModelRung {
  readonly modelId: string;
  /** Its table entry; null when the model is not in the table (only a one-model ladder allows that). */
  readonly spec: ModelSpec | null;
  /** Tool choice and tool-call replay for this model and the workflow's fallback models. */
  readonly rules: RequestRules;
  /** The effort of each attempt on this rung. */
  readonly effortPlan: EffortPlan;
}
