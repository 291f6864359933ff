import type { OutputStrategy } from '../model/output-strategy';
import { defaultModelTable } from '../models/default-model-table';
import type { ModelTable } from '../models/model-spec';
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
  /** Undefined when the job has no budget. */
  readonly budget: ExtractBudget | undefined;
}

/**
 * Applies defaults: model id from the workflow, else `options.modelId` (the caller's default), else
 * `extractDefaults.modelId`; `maxAttempts`, `maxTokens` and `strategy` from the options, else the
 * workflow, else `extractDefaults`. The cap is raised to `maxTokens` when lower.
 *
 * @throws TypeError naming the option when a number is out of range (budget limits included).
 */
export function resolveExtractSettings(options: ExtractOptions<AnyWorkflow>): ExtractSettings {
  const { workflow } = options;
  const maxTokens = options.maxTokens ?? workflow.maxTokens ?? extractDefaults.maxTokens;
  const settings: ExtractSettings = {
    modelId: workflow.model ?? options.modelId ?? extractDefaults.modelId,
    maxAttempts: options.maxAttempts ?? workflow.maxAttempts ?? extractDefaults.maxAttempts,
    strategy: options.strategy ?? workflow.strategy ?? extractDefaults.strategy,
    maxTokens,
    maxTokensCap: Math.max(maxTokens, options.maxTokensCap ?? extractDefaults.maxTokensCap),
    stopOnNoProgress: options.stopOnNoProgress ?? extractDefaults.stopOnNoProgress,
    feedbackMaxLines: options.feedbackMaxLines ?? extractDefaults.feedbackMaxLines,
    rawOutputCapBytes: options.rawOutputCapBytes ?? extractDefaults.rawOutputCapBytes,
    models: options.models ?? defaultModelTable,
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
