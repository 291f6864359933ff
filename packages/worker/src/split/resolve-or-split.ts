import { createHash } from 'node:crypto';
import {
  type AnyWorkflow,
  type AttemptRecord,
  BadDocumentError,
  type ResolvedDocument,
  type ResolvedSplitSetting,
  resolveSplitSetting,
} from '@quarry/core';
import type { DlqSplit, ExtractionJobResult, JobBudget, JobData, SplitStore } from '@quarry/queue';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import type { ExtractionProcessorOptions } from '../extraction-processor';
import { type DocumentResolver, jobDocumentOf } from '../resolve-job-document';
import { planJobSplit } from './plan-job-split';
import { runSplitParent } from './run-split-parent';

/** What the worker splits jobs with (`createWorker` sets it up). */
export interface SplitSettings {
  readonly store: SplitStore;
  /** BullMQ options of an extraction job, for the children. */
  readonly jobOptions: { readonly attempts: number; readonly backoff: { type: string; delay: number } };
}

/** Options of {@link resolveOrSplit}. */
export interface ResolveOrSplitOptions {
  readonly options: Pick<
    ExtractionProcessorOptions,
    'models' | 'modelId' | 'queue' | 'jobMaxCostUsd' | 'deadLetters'
  > & {
    readonly split?: SplitSettings | undefined;
    readonly documents?: DocumentResolver | undefined;
  };
  readonly job: Job;
  readonly token: string | undefined;
  readonly data: JobData;
  readonly workflow: AnyWorkflow;
  readonly input: unknown;
  readonly log: Logger;
  readonly signal?: AbortSignal | undefined;
  readonly onDeadLetter: (split: {
    readonly split: DlqSplit;
    readonly attempts: readonly AttemptRecord[];
  }) => void;
}

/** The job runs whole (with its resolved document), or ran as a split parent (its merged result). */
export type ResolvedOrSplit =
  | { readonly kind: 'whole'; readonly document: ResolvedDocument | undefined }
  | { readonly kind: 'split'; readonly result: ExtractionJobResult };

/**
 * Resolves a job's document, or runs the job as the parent of a split job when its workflow's
 * `split` says so (`planJobSplit`): a document over the model's pages or context, an answer over
 * `max_tokens`, a schema over the structured-output limits, or pages and fields the workflow splits
 * always. A parent run again (its children ended, a crash, a retry) finds its saved plan first. A
 * child of a split job, a worker without a split store and `split: 'off'` resolve as before.
 */
export async function resolveOrSplit(options: ResolveOrSplitOptions): Promise<ResolvedOrSplit> {
  const { job, data, workflow, log, signal } = options;
  const split = options.options.split;
  const setting = split && !data.part ? splitSettingOf(workflow) : null;
  const resolve = () =>
    jobDocumentOf({ input: options.input, resolver: options.options.documents, log, signal });
  if (!split || !setting || setting.mode === 'off') return { kind: 'whole', document: await resolve() };
  // Hashed only when the job is a split's parent (a re-run, or a plan to split).
  const splitId = () => splitIdOf(job, data, workflow);
  const parent = (plan: Parameters<typeof runSplitParent>[0]['plan']) =>
    runSplitParent({
      job,
      token: options.token,
      data,
      workflow,
      input: options.input,
      setting,
      splitId: splitId(),
      plan,
      store: split.store,
      queue: options.options.queue,
      jobOptions: split.jobOptions,
      blobs: options.options.documents?.blobs ?? null,
      deadLetters: options.options.deadLetters,
      budget: parentBudget(data, options.options.jobMaxCostUsd),
      log,
      signal,
      onDeadLetter: options.onDeadLetter,
    });
  if (job.attemptsStarted > 1 && (await split.store.read(splitId())).plan !== null) {
    return { kind: 'split', result: await parent(null) };
  }
  let document: ResolvedDocument | 'too_large' | undefined;
  let tooLarge: BadDocumentError | null = null;
  try {
    document = await resolve();
  } catch (error) {
    if (!(error instanceof BadDocumentError && error.kind === 'document_too_large' && isPdfJob(data)))
      throw error;
    document = 'too_large';
    tooLarge = error;
  }
  const plan = await planJobSplit({
    workflow,
    input: options.input,
    setting,
    document,
    resolver: options.options.documents,
    models: options.options.models,
    modelId: options.options.modelId,
    signal,
  });
  if (plan) return { kind: 'split', result: await parent(plan) };
  // Over a limit splitting cannot help (the bytes of one page, say): refused as before.
  if (document === 'too_large') throw tooLarge;
  return { kind: 'whole', document };
}

const settings = new WeakMap<AnyWorkflow, ResolvedSplitSetting>();

/** A workflow's split setting, resolved once per workflow object. */
function splitSettingOf(workflow: AnyWorkflow): ResolvedSplitSetting {
  let setting = settings.get(workflow);
  if (!setting) {
    setting = resolveSplitSetting(workflow.split);
    settings.set(workflow, setting);
  }
  return setting;
}

/** The id of a job's split: by the job that started its chain, so a replay finds its children's results. */
function splitIdOf(job: Job, data: JobData, workflow: AnyWorkflow): string {
  const root = data.lineage?.rootJobId ?? (job.id as string);
  return createHash('sha256')
    .update(`${root}\n${workflow.name}@${workflow.version}`)
    .digest('hex')
    .slice(0, 32);
}

function isPdfJob(data: JobData): boolean {
  const input = data.input as { document?: { mediaType?: unknown } } | null;
  return input?.document?.mediaType === 'application/pdf';
}

function parentBudget(data: JobData, jobMaxCostUsd: number | null): JobBudget | undefined {
  if (data.budget) return data.budget;
  return jobMaxCostUsd === null ? undefined : { maxCostUsd: jobMaxCostUsd };
}
