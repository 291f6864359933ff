import { isDeepStrictEqual } from 'node:util';
import { DeadLetteredError, type QuarryClient, WaitTimeoutError } from '@quarry/client';
import { noTextLayerReason, type Usage } from '@quarry/core';
import { dlqReasonLabel } from '@quarry/queue';
import type { Sample } from '@quarry/samples';

/** Where one demo job ended up; the four terminal kinds are disjoint. */
export type OutcomeKind = 'first-try' | 'after-retries' | 'needs-review' | 'dead-lettered' | 'unfinished';

/** One demo job's outcome. */
export interface JobOutcome {
  readonly jobId: string;
  readonly sampleId: string;
  readonly workflow: string;
  readonly kind: OutcomeKind;
  /** Model replies paid for. */
  readonly modelCalls: number;
  readonly usage: Usage;
  readonly costUsd: number | null;
  /** Whether the result equals the sample's true output; null when there is no result. */
  readonly matchesTruth: boolean | null;
  /** Fields of the result grounded in the document, and those whose provenance names a PDF page. */
  readonly grounded: { readonly fields: number; readonly onPage: number };
  /** Flagged for review because the document has no text layer to ground the values in. */
  readonly noTextLayer: boolean;
  /** The DLQ reason label of a dead-lettered job (`refused:cyber` for a categorised refusal). */
  readonly reason?: string;
}

const notGrounded = { fields: 0, onPage: 0 } as const;

const noUsage: Usage = {
  inputTokens: 0,
  outputTokens: 0,
  cacheCreationInputTokens: 0,
  cacheReadInputTokens: 0,
};

/** Waits for one job and classifies its outcome (never throws for a job that failed or timed out). */
export async function waitForOutcome(options: {
  readonly client: QuarryClient;
  readonly jobId: string;
  readonly sample: Sample;
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}): Promise<JobOutcome> {
  const { jobId, sample } = options;
  const base = { jobId, sampleId: sample.id, workflow: sample.workflow };
  try {
    const result = await options.client.waitForResult(jobId, {
      timeoutMs: options.timeoutMs,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const kind: OutcomeKind = result.needsReview
      ? 'needs-review'
      : result.attempts === 1
        ? 'first-try'
        : 'after-retries';
    return {
      ...base,
      kind,
      modelCalls: result.attempts,
      usage: result.usage,
      costUsd: result.costUsd,
      matchesTruth: isDeepStrictEqual(result.data, sample.truth),
      grounded: {
        fields: Object.keys(result.provenance ?? {}).length,
        onPage: Object.values(result.provenance ?? {}).filter((entry) => entry.page !== undefined).length,
      },
      noTextLayer: result.reviewReasons.includes(noTextLayerReason),
    };
  } catch (error) {
    if (error instanceof DeadLetteredError) {
      const totals = error.record?.totals;
      return {
        ...base,
        kind: 'dead-lettered',
        modelCalls: totals?.modelCalls ?? 0,
        usage: totals
          ? {
              inputTokens: totals.inputTokens,
              outputTokens: totals.outputTokens,
              cacheCreationInputTokens: totals.cacheCreationInputTokens,
              cacheReadInputTokens: totals.cacheReadInputTokens,
            }
          : noUsage,
        costUsd: totals?.costUsd ?? null,
        matchesTruth: null,
        grounded: notGrounded,
        noTextLayer: false,
        reason: dlqReasonLabel(error.reason),
      };
    }
    if (error instanceof WaitTimeoutError || options.signal?.aborted) {
      return {
        ...base,
        kind: 'unfinished',
        modelCalls: 0,
        usage: noUsage,
        costUsd: null,
        matchesTruth: null,
        grounded: notGrounded,
        noTextLayer: false,
      };
    }
    throw error;
  }
}
