import type { AnyWorkflow, ExtractOptions, HistoryKey, Lesson } from '@quarry/core';
import type { Job } from 'bullmq';
import type { ExtractionProcessorOptions } from './extraction-processor';
import { jobAttempts } from './job-attempts';
import { jobBudget } from './job-budget';
import type { ParsedJob } from './parse-job';
import { workflowGrounder } from './workflow-grounder';

/**
 * The workflow a parsed job runs and the key of its error history. A model override replaces the
 * workflow's model, or its whole ladder (`models`): the job then runs on that one model.
 */
export function jobWorkflow(parsed: ParsedJob): { workflow: AnyWorkflow; historyKey: HistoryKey } {
  const { data } = parsed;
  const { models: _ladder, attemptsPerModel: _allowance, ...single } = parsed.workflow;
  const workflow: AnyWorkflow = data.overrides?.model
    ? { ...single, model: data.overrides.model }
    : parsed.workflow;
  return {
    workflow,
    historyKey: { workflow: workflow.name, version: workflow.version, scope: data.historyScope },
  };
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
}

/**
 * What `extract()` is run with for a job, but for its model client and callbacks: the same for the
 * processor and for the batch lane, which rebuilds a waiting attempt's request from it.
 */
export function jobExtractOptions(
  input: JobExtractOptionsOptions,
): Omit<ExtractOptions, 'model' | 'onAttempt' | 'onWarning' | 'signal'> {
  const { options, parsed, job } = input;
  const { data } = parsed;
  const { workflow, historyKey } = jobWorkflow(parsed);
  const budget = jobBudget({ budget: data.budget, defaultMaxCostUsd: options.jobMaxCostUsd });
  return {
    workflow,
    input: parsed.input,
    grounder: workflowGrounder(parsed.workflow),
    modelId: options.modelId,
    models: options.models,
    ...(data.effort ? { effort: data.effort } : {}),
    lessons: input.lessons,
    ...(options.history ? { history: { store: options.history.store, key: historyKey } } : {}),
    attempts: jobAttempts({ store: options.attempts, job, workflow, input: parsed.input }),
    ...(data.overrides?.maxAttempts ? { maxAttempts: data.overrides.maxAttempts } : {}),
    ...(budget ? { budget } : {}),
  };
}
