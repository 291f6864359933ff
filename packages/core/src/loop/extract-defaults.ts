import { Locale } from '../grounding/locale';
import type { ModelRung } from '../ladder/model-rung';
import type { OutputStrategy } from '../model/output-strategy';
import { defaultModelTable } from '../models/default-model-table';
import { type EffortPlan, effortPlanOf } from '../models/effort-plan';
import type { Effort, ModelSpec, ModelTable } from '../models/model-spec';
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
  /**
   * Attempts each model below the top of a workflow's ladder may use: one try and one corrected
   * retry; a model that cannot fix its reply once told what was wrong rarely does on a third try.
   */
  attemptsPerModel: 2,
  /** The model best suited to extraction by cost per valid extraction (docs/models.md). */
  modelId: 'claude-haiku-5-5',
} as const;

/** The options of one {@link extract} call with every default applied. */
export interface ExtractSettings {
  /** The first model asked (the ladder's first rung). */
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
  /** The models a job may be asked on, cheapest first: the workflow's `models`, else `modelId` alone. */
  readonly ladder: readonly [ModelRung, ...ModelRung[]];
  /** Attempts each rung below the top may use. */
  readonly attemptsPerModel: number;
  /** Server-side fallback models (the workflow's), none by default. */
  readonly fallbacks: readonly string[];
  /** Undefined when the job has no budget. */
  readonly budget: ExtractBudget | undefined;
}

/**
 * Applies defaults: the workflow's model ladder (`models`), else a ladder of one: model id from the workflow, else `options.modelId` (the caller's default), else
 * `extractDefaults.modelId`; `maxAttempts`, `maxTokens` and `strategy` from the options, else the
 * workflow, else `extractDefaults`. The cap is raised to `maxTokens` when lower. The model's table
 * entry decides the request rules and, with the job's and the workflow's `effort`, the effort plan.
 *
 * Each rung's table entry decides its own request rules and effort plan.
 *
 * @throws TypeError naming the option when a number is out of range (budget limits included) or the
 *   locale is not a known BCP 47 tag, or
 *   naming a model of the workflow's ladder that is not in the model table.
 */
export function resolveExtractSettings(options: ExtractOptions<AnyWorkflow>): ExtractSettings {
  const { workflow } = options;
  const maxTokens = options.maxTokens ?? workflow.maxTokens ?? extractDefaults.maxTokens;
  const models = options.models ?? defaultModelTable;
  const fallbacks = workflow.fallbacks ?? [];
  const ladder = ladderOf({ workflow, models, modelId: options.modelId, effort: options.effort });
  const [first] = ladder;
  // Named one by one: on Node 20 each key added after a leading spread costs about half a microsecond (V8 issue 11536).
  const settings: ExtractSettings = {
    modelId: first.modelId,
    spec: first.spec,
    rules: first.rules,
    effortPlan: first.effortPlan,
    maxAttempts: options.maxAttempts ?? workflow.maxAttempts ?? extractDefaults.maxAttempts,
    strategy: options.strategy ?? workflow.strategy ?? extractDefaults.strategy,
    maxTokens,
    maxTokensCap: Math.max(maxTokens, options.maxTokensCap ?? extractDefaults.maxTokensCap),
    stopOnNoProgress: options.stopOnNoProgress ?? extractDefaults.stopOnNoProgress,
    feedbackMaxLines: options.feedbackMaxLines ?? extractDefaults.feedbackMaxLines,
    rawOutputCapBytes: options.rawOutputCapBytes ?? extractDefaults.rawOutputCapBytes,
    models,
    ladder,
    attemptsPerModel: workflow.attemptsPerModel ?? extractDefaults.attemptsPerModel,
    fallbacks,
    budget: checkedBudget(options.budget),
  };
  if (options.locale !== undefined) {
    const locale = Locale.safeParse(options.locale);
    if (!locale.success) throw new TypeError(`extract: locale ${locale.error.issues[0]?.message}`);
  }
  for (const name of [
    'maxAttempts',
    'maxTokens',
    'maxTokensCap',
    'feedbackMaxLines',
    'rawOutputCapBytes',
    'attemptsPerModel',
  ] as const) {
    const value = settings[name];
    if (!Number.isInteger(value) || value < 1) {
      throw new TypeError(`extract: ${name} must be a positive integer, got ${value}`);
    }
  }
  return settings;
}

/** Options of {@link ladderOf}: what a job's ladder depends on. */
interface LadderOfOptions {
  readonly workflow: AnyWorkflow;
  readonly models: ModelTable;
  readonly modelId: string | undefined;
  readonly effort: Effort | undefined;
}

/** Ladders already resolved, by model table, then workflow, then the caller's model id and the job's effort. */
const ladders = new WeakMap<ModelTable, WeakMap<AnyWorkflow, Map<string, Ladder>>>();

type Ladder = readonly [ModelRung, ...ModelRung[]];

/**
 * The models a job may be asked on, each with its request rules and effort plan. They depend only on
 * the model table, the workflow, the caller's default model and the job's effort, so each
 * combination is resolved once and shared (the rungs are read-only).
 */
function ladderOf(options: LadderOfOptions): Ladder {
  const { workflow, models } = options;
  const key = `${options.modelId ?? ''}\u0000${options.effort ?? ''}`;
  const known = ladders.get(models)?.get(workflow)?.get(key);
  if (known) return known;
  const ladder = resolveLadder(options);
  const byWorkflow = ladders.get(models) ?? new WeakMap<AnyWorkflow, Map<string, Ladder>>();
  const byCall = byWorkflow.get(workflow) ?? new Map<string, Ladder>();
  byCall.set(key, ladder);
  byWorkflow.set(workflow, byCall);
  ladders.set(models, byWorkflow);
  return ladder;
}

function resolveLadder(options: LadderOfOptions): Ladder {
  const { workflow, models } = options;
  const fallbacks = workflow.fallbacks ?? [];
  const rungOf = (modelId: string): ModelRung => {
    const spec = modelSpecOf(modelId, models);
    if (spec === null && workflow.models !== undefined) {
      throw new TypeError(
        `extract: workflow ${workflow.name}'s models names "${modelId}", which is not in the model table (a ladder is priced by it)`,
      );
    }
    return {
      modelId,
      spec,
      rules: requestRulesOf(
        spec,
        fallbacks.map((fallback) => modelSpecOf(fallback, models)),
      ),
      effortPlan: effortPlanOf({ spec, workflow: workflow.effort, job: options.effort }),
    };
  };
  return (
    workflow.models && workflow.models.length > 0
      ? workflow.models
      : [workflow.model ?? options.modelId ?? extractDefaults.modelId]
  ).map(rungOf) as [ModelRung, ...ModelRung[]];
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
