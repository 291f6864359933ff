import type { OutputStrategy } from '../model/output-strategy';
import { defaultModelTable } from '../models/default-model-table';
import { type EffortPlan, effortPlanOf } from '../models/effort-plan';
import type { ModelSpec, ModelTable } from '../models/model-spec';
import { modelSpecOf } from '../models/model-spec-of';
import { type RequestRules, requestRulesOf } from '../models/request-rules';
import type { AnyWorkflow } from '../workflow/define-workflow';
import type { ExtractBudget, ExtractOptions } from './extract-options';

/** Every default of {@link extract}, in one place. */
export const extractDefaults = {
  maxAttempts: 3,
  maxTokens: 4096,
  maxTokensCap: 32768,
  feedbackMaxLines: 20,
  rawOutputCapBytes: 32768,
  strategy: 'structured' as OutputStrategy,
  stopOnNoProgress: true,
  /** The model best suited to extraction by cost per valid extraction (docs/models.md). */
  modelId: 'claude-haiku-5-5',
} as const;

/** The options of one {@link extract} call with every default applied. */
export interface ExtractSettings {
  readonly modelId: string;
  readonly maxAttempts: number;
  readonly strategy: OutputStrategy;
  readonly maxTokens: number;
  readonly maxTokensCap: number;
  readonly stopOnNoProgress: boolean;
  readonly feedbackMaxLines: number;
  readonly rawOutputCapBytes: number;
  readonly models: ModelTable;
  /** The table entry of `modelId`; null when the model is not in the table. */
  readonly spec: ModelSpec | null;
  readonly rules: RequestRules;
  readonly effortPlan: EffortPlan;
  /** Server-side fallback models (the workflow's), none by default. */
  readonly fallbacks: readonly string[];
  /** Undefined when the job has no budget. */
  readonly budget: ExtractBudget | undefined;
}

/**
 * Applies defaults: model id from the workflow, else `options.modelId` (the caller's default), else
 * `extractDefaults.modelId`; `maxAttempts`, `maxTokens` and `strategy` from the options, else the
 * workflow, else `extractDefaults`. The cap is raised to `maxTokens` when lower. The model's table
 * entry decides the request rules and, with the job's and the workflow's `effort`, the effort plan.
 *
 * @throws TypeError naming the option when a number is out of range (budget limits included).
 */
export function resolveExtractSettings(options: ExtractOptions<AnyWorkflow>): ExtractSettings {
  const { workflow } = options;
  const maxTokens = options.maxTokens ?? workflow.maxTokens ?? extractDefaults.maxTokens;
  const modelId = workflow.model ?? options.modelId ?? extractDefaults.modelId;
  const models = options.models ?? defaultModelTable;
  const spec = modelSpecOf(modelId, models);
  const fallbacks = workflow.fallbacks ?? [];
  const settings: ExtractSettings = {
    modelId,
    maxAttempts: options.maxAttempts ?? workflow.maxAttempts ?? extractDefaults.maxAttempts,
    strategy: options.strategy ?? workflow.strategy ?? extractDefaults.strategy,
    maxTokens,
    maxTokensCap: Math.max(maxTokens, options.maxTokensCap ?? extractDefaults.maxTokensCap),
    stopOnNoProgress: options.stopOnNoProgress ?? extractDefaults.stopOnNoProgress,
    feedbackMaxLines: options.feedbackMaxLines ?? extractDefaults.feedbackMaxLines,
    rawOutputCapBytes: options.rawOutputCapBytes ?? extractDefaults.rawOutputCapBytes,
    models,
    spec,
    rules: requestRulesOf(
      spec,
      fallbacks.map((fallback) => modelSpecOf(fallback, models)),
    ),
    effortPlan: effortPlanOf({ spec, workflow: workflow.effort, job: options.effort }),
    fallbacks,
    budget: checkedBudget(options.budget),
  };
  for (const name of [
    'maxAttempts',
    'maxTokens',
    'maxTokensCap',
    'feedbackMaxLines',
    'rawOutputCapBytes',
  ] as const) {
    const value = settings[name];
    if (!Number.isInteger(value) || value < 1) {
      throw new TypeError(`extract: ${name} must be a positive integer, got ${value}`);
    }
  }
  return settings;
}

/** The budget, checked: each limit given must be a positive finite number (tokens: an integer). */
function checkedBudget(budget: ExtractBudget | undefined): ExtractBudget | undefined {
  if (budget === undefined) return undefined;
  const { maxTotalTokens, maxCostUsd } = budget;
  if (maxTotalTokens !== undefined && !(Number.isSafeInteger(maxTotalTokens) && maxTotalTokens > 0)) {
    throw new TypeError(`extract: budget.maxTotalTokens must be a positive integer, got ${maxTotalTokens}`);
  }
  if (maxCostUsd !== undefined && !(Number.isFinite(maxCostUsd) && maxCostUsd > 0)) {
    throw new TypeError(`extract: budget.maxCostUsd must be a positive finite number, got ${maxCostUsd}`);
  }
  return budget;
}
