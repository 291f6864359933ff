import {
  type AnyWorkflow,
  type ExtractOptions,
  type HistoryKey,
  InvalidJobDataError,
  type Lesson,
  modelSpecOf,
  tenantOf,
} from '@quarry/core';
import { evaluationHistoryScope } from '@quarry/queue';
import type { Job } from 'bullmq';
import type { ExtractionProcessorOptions } from './extraction-processor';
import { type JobAttemptsOptions, jobAttempts } from './job-attempts';
import { jobBudget } from './job-budget';
import type { ParsedJob } from './parse-job';
import { workflowGrounder } from './workflow-grounder';

/** The workflow a job runs, where its error history is, and whether it is shown lessons. */
export interface JobWorkflow {
  readonly workflow: AnyWorkflow;
  /** Scoped by `historyScope`; an evaluation job's is its run's own (`eval:<runId>`), whatever its `historyScope`. */
  readonly historyKey: HistoryKey;
  /** False for an evaluation job run with `lessons: 'off'`: its mistakes are recorded, none are shown. */
  readonly lessonsShown: boolean;
}

/**
 * The workflow a parsed job runs and the key of its error history. A model override
 * (`overrides.model`) replaces the workflow's model or its whole ladder: the job runs on that model
 * alone; a ladder override (`overrides.models`) replaces either with that ladder.
 */
export function jobWorkflow(parsed: ParsedJob): JobWorkflow {
  const { data } = parsed;
  const { model: _model, models: _ladder, attemptsPerModel, ...own } = parsed.workflow;
  const workflow: AnyWorkflow = data.overrides?.model
    ? { ...own, model: data.overrides.model }
    : data.overrides?.models
      ? { ...own, models: data.overrides.models, ...(attemptsPerModel ? { attemptsPerModel } : {}) }
      : parsed.workflow;
  const { evaluation } = data;
  return {
    workflow,
    historyKey: {
      workflow: workflow.name,
      version: workflow.version,
      scope: evaluation ? evaluationHistoryScope(evaluation.runId) : historyScopeOf(data, workflow),
    },
    lessonsShown: evaluation?.lessons !== 'off',
  };
}

/**
 * The job's error history scope: its own `historyScope`, narrowed to its tenant when the workflow
 * keeps one history per tenant (`historyScope: 'tenant'`).
 */
function historyScopeOf(data: ParsedJob['data'], workflow: AnyWorkflow): string | undefined {
  if (workflow.historyScope !== 'tenant') return data.historyScope;
  const tenant = `tenant:${tenantOf(data)}`;
  return data.historyScope === undefined ? tenant : `${tenant}/${data.historyScope}`;
}

/** Options of {@link jobExtractOptions}. */
export interface JobExtractOptionsOptions {
  readonly options: Pick<
    ExtractionProcessorOptions,
    'modelId' | 'models' | 'history' | 'attempts' | 'jobMaxCostUsd'
  >;
  readonly job: Job;
  readonly parsed: ParsedJob;
  readonly lessons: readonly Lesson[];
  /** The processor's run of the job's first start ({@link JobAttemptsOptions.firstRun}). Default false. */
  readonly firstRun?: boolean;
}

/**
 * What `extract()` is run with for a job, but for its model client and callbacks: the same for the
 * processor and for the batch lane, which rebuilds a waiting attempt's request from it.
 * @throws InvalidJobDataError when the job's ladder (`overrides.models`) names a model without a
 *   table entry (a ladder is priced by it); the job is dead-lettered as `invalid_payload`.
 */
export function jobExtractOptions(
  input: JobExtractOptionsOptions,
): Omit<ExtractOptions, 'model' | 'onAttempt' | 'onWarning' | 'signal'> {
  const { options, parsed, job } = input;
  const { data } = parsed;
  const { workflow, historyKey, lessonsShown } = jobWorkflow(parsed);
  const unpriced = (data.overrides?.models ?? []).filter(
    (model) => modelSpecOf(model, options.models) === null,
  );
  if (unpriced.length > 0) {
    const problems = unpriced.map((model) => `overrides.models: "${model}" is not in the model table`);
    throw new InvalidJobDataError({
      message: `The job's model ladder is refused: ${problems.join('; ')}`,
      problems,
    });
  }
  const budget = jobBudget({ budget: data.budget, defaultMaxCostUsd: options.jobMaxCostUsd });
  return {
    workflow,
    input: parsed.input,
    grounder: workflowGrounder(parsed.workflow),
    modelId: options.modelId,
    models: options.models,
    ...(data.effort ? { effort: data.effort } : {}),
    ...(data.locale ? { locale: data.locale } : {}),
    lessons: input.lessons,
    ...(options.history
      ? {
          history: {
            // Through the lesson cache: a record drops the lessons it read for the key.
            store: options.history.lessons,
            key: historyKey,
            // As `readLessons` counts the job: when it reads lessons at all.
            countsFirstAttempt: lessonsShown && options.history.topN > 0,
          },
        }
      : {}),
    attempts: jobAttempts({
      store: options.attempts,
      job,
      workflow,
      input: parsed.input,
      firstRun: input.firstRun === true,
    }),
    ...(data.overrides?.maxAttempts ? { maxAttempts: data.overrides.maxAttempts } : {}),
    ...(budget ? { budget } : {}),
  };
}
