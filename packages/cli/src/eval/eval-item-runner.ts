import type { QuarryClient } from '@quarry/client';
import { DeadLetteredError } from '@quarry/client';
import type { AnyWorkflow, LabelledItem, Lane } from '@quarry/core';
import type { EvalItemOutcome, EvalTokens } from '@quarry/eval';
import type { DlqTotals } from '@quarry/queue';

/** Options of {@link evalItemRunner}. */
export interface EvalItemRunnerOptions {
  readonly client: QuarryClient;
  /** The workflow version every item runs on. */
  readonly workflow: AnyWorkflow;
  /** Tags every job as this run's (`evaluation.runId`): its own error history, no review index, no statistics. */
  readonly runId: string;
  /** Whether the jobs are shown lessons (of this run's own history). */
  readonly lessons: boolean;
  /** Runs every item on this model (`overrides.model`). */
  readonly model?: string;
  readonly lane?: Lane;
  /** How long to wait for one item's result; it carries on after (the item counts as failed). */
  readonly timeoutMs: number;
  /** Told of each job that was dead-lettered (its DLQ id and job id), e.g. to prune the run's own dead letters. */
  readonly onDeadLettered?: (record: { readonly dlqId: string; readonly jobId: string }) => void;
}

const noTokens: EvalTokens = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };

/** The input a labelled item's document makes: `{ text }`, or `{ document }` by blob key. */
function inputOf(item: LabelledItem): Record<string, unknown> {
  return item.document.kind === 'text'
    ? { text: item.document.text }
    : { document: { mediaType: item.document.mediaType, source: { type: 'blob', key: item.document.key } } };
}

function tokensOf(totals: DlqTotals | undefined): EvalTokens {
  if (!totals) return noTokens;
  return {
    input: totals.inputTokens,
    output: totals.outputTokens,
    cacheRead: totals.cacheReadInputTokens,
    cacheWrite: totals.cacheCreationInputTokens,
  };
}

/**
 * The `runItem` port of `runEvaluation` (`@quarry/eval`) on a Quarry queue: each item is enqueued as
 * an ordinary job of the workflow, tagged `evaluation: { runId, itemId, lessons }`, and waited for.
 * A dead-lettered job is its DLQ reason and totals; a job that cannot be enqueued, or whose result
 * does not come within `timeoutMs`, is `failed` with the error's name and message.
 */
export function evalItemRunner(
  options: EvalItemRunnerOptions,
): (item: LabelledItem, context: { readonly signal: AbortSignal }) => Promise<EvalItemOutcome> {
  const { client, workflow } = options;
  return async (item, context) => {
    const started = performance.now();
    try {
      const job = await client.enqueue(workflow.name, inputOf(item), {
        version: workflow.version,
        evaluation: { runId: options.runId, itemId: item.id, lessons: options.lessons ? 'on' : 'off' },
        ...(options.model ? { overrides: { model: options.model } } : {}),
        ...(options.lane ? { lane: options.lane } : {}),
      });
      const result = await client.waitForResult(job.jobId, {
        timeoutMs: options.timeoutMs,
        signal: context.signal,
      });
      return {
        kind: 'completed',
        data: result.data,
        needsReview: result.needsReview,
        reviewReasons: result.reviewReasons,
        modelCalls: result.attempts,
        firstAttemptValid: result.attempts === 1,
        costUsd: result.costUsd ?? 0,
        tokens: {
          input: result.usage.inputTokens,
          output: result.usage.outputTokens,
          cacheRead: result.usage.cacheReadInputTokens,
          cacheWrite: result.usage.cacheCreationInputTokens,
        },
        wallMs: performance.now() - started,
      };
    } catch (error) {
      if (error instanceof DeadLetteredError) {
        options.onDeadLettered?.({ dlqId: error.dlqId, jobId: error.jobId });
        const totals = error.record?.totals;
        return {
          kind: 'dead_lettered',
          reason: { kind: error.reason.kind, message: error.reason.message },
          modelCalls: totals?.modelCalls ?? 0,
          costUsd: totals?.costUsd ?? 0,
          tokens: tokensOf(totals),
        };
      }
      const failure = error instanceof Error ? error : new Error(String(error));
      return { kind: 'failed', message: `${failure.name}: ${failure.message}` };
    }
  };
}
