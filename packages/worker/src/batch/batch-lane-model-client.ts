import { type ModelClient, type ModelResponse, ModelTransportError } from '@quarry/core';
import { BATCH_ENTRY_SETTLED, type BatchLaneStore } from '@quarry/queue';
import { BatchOutcome } from './batch-outcome';
import { BatchParkedError } from './batch-parked-error';
import { batchRef } from './batch-ref';

/** Options of {@link batchLaneModelClient}: one job run. */
export interface BatchLaneModelClientOptions {
  readonly store: BatchLaneStore;
  readonly jobId: string;
  /** The attempt store's key of the job generation. */
  readonly jobKey: string;
  /** The job's deadline (ms since the epoch), or null. */
  readonly deadlineMs: number | null;
  /** An attempt whose deadline is this close goes to the realtime lane. */
  readonly deadlineMarginMs: number;
  /** The realtime client, for attempts moved to the realtime lane. */
  readonly realtime: ModelClient;
  readonly now: () => number;
}

/**
 * The model port for one batch-lane job run. An attempt with a stored outcome gets it: the batch
 * reply (priced in the batch lane), the error the realtime failure policy then handles, or a
 * realtime call when the attempt was moved there (recorded as `lanePromotion`). An attempt without
 * one is parked in its model's collector (`BatchParkedError`), unless the job's deadline is within
 * the margin: then it is sent in the realtime lane at once.
 */
export function batchLaneModelClient(options: BatchLaneModelClientOptions): ModelClient {
  const { store } = options;
  return {
    async generate(request, callOptions) {
      const attempt = callOptions?.attempt;
      if (attempt === undefined) throw new TypeError('The batch lane needs the attempt number of each call');
      const ref = batchRef({ jobKey: options.jobKey, attempt });
      const replay = async (raw: string): Promise<ModelResponse> => {
        const outcome = BatchOutcome.parse(JSON.parse(raw));
        switch (outcome.type) {
          case 'reply':
            return {
              ...outcome.response,
              lane: 'batch',
              ...(outcome.batchId ? { batchId: outcome.batchId } : {}),
            };
          case 'error':
            throw new ModelTransportError({
              kind: outcome.kind,
              status: outcome.status,
              message: outcome.message,
            });
          case 'realtime': {
            const response = await options.realtime.generate(request, callOptions);
            return { ...response, lanePromotion: { from: 'batch', to: 'realtime', reason: outcome.reason } };
          }
        }
      };
      const stored = await store.result(ref);
      if (stored) return replay(stored);
      const now = options.now();
      if (options.deadlineMs !== null && options.deadlineMs - now <= options.deadlineMarginMs) {
        await store.settle({
          ref,
          owner: '',
          model: request.model,
          outcome: JSON.stringify({ type: 'realtime', reason: 'deadline' } satisfies BatchOutcome),
        });
        const moved = await store.result(ref);
        if (moved) return replay(moved);
      }
      const owner = await store.park({
        ref,
        jobId: options.jobId,
        model: request.model,
        nowMs: now,
        deadlineMs: options.deadlineMs,
      });
      if (owner === BATCH_ENTRY_SETTLED) {
        // Settled since the job looked above: replay it rather than send the attempt again.
        const settled = await store.result(ref);
        if (settled) return replay(settled);
      }
      const batchId = owner === '' || owner.startsWith('intent:') ? null : owner;
      throw new BatchParkedError({ ref, batchId });
    },
  };
}
