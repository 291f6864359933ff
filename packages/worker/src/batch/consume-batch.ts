import { costOf } from '@quarry/core';
import type { BatchInFlight } from '@quarry/queue';
import { type BatchLaneContext, showWaiting, wakeJobs } from './batch-lane-context';
import { type BatchResultAction, batchResultAction } from './batch-result-action';

/** What a result cost at the batch price, for the batch's record (null when not a reply or unpriced). */
function costOfAction(context: BatchLaneContext, action: BatchResultAction): number | null {
  if (action.kind !== 'store' || action.outcome.type !== 'reply') return null;
  const { usage, model } = action.outcome.response;
  return costOf({ usage, model, models: context.models, lane: 'batch' });
}

/**
 * Reads an ended batch's results (`batches.results`, JSONL) and settles each entry: an outcome is
 * stored once (a result seen twice is a no-op) and its job woken; expired, canceled and retryable
 * errored entries wait again without spending an attempt. Entries the results do not name also
 * wait again, then the batch is done. Each result is counted once in the batch's record, with its
 * cost at the batch price. Safe to repeat after a crash at any point.
 */
export async function consumeBatch(context: BatchLaneContext, batch: BatchInFlight): Promise<void> {
  const { store, log } = context;
  const { batchId, model } = batch;
  let stored = 0;
  let requeued = 0;
  const results = await context.client.messages.batches.results(
    batchId,
    {},
    { timeout: context.callTimeoutMs },
  );
  for await (const item of results) {
    const ref = await store.memberRef(batchId, item.custom_id);
    if (!ref) continue;
    const action = batchResultAction(item.result);
    await store.records.countResult({
      batchId,
      customId: item.custom_id,
      type: item.result.type,
      costUsd: costOfAction(context, action),
    });
    switch (action.kind) {
      case 'store': {
        const jobId = await store.settle({
          ref,
          owner: batchId,
          model,
          outcome: JSON.stringify(action.outcome),
        });
        if (jobId) {
          stored += 1;
          context.metrics.batchResult(item.result.type);
          await wakeJobs(context, [jobId]);
        }
        break;
      }
      case 'requeue': {
        const jobIds = await store.requeue({ batchId, model, refs: [ref] });
        requeued += jobIds.length;
        if (jobIds.length > 0) context.metrics.batchResult(item.result.type);
        await showWaiting(context, jobIds, null);
        break;
      }
    }
  }
  const missing = await store.finishBatch({ batchId, model });
  await showWaiting(context, missing, null);
  await store.records.end({ batchId, endedAtMs: context.now() });
  log.info({ batchId, model, stored, requeued, missing: missing.length }, 'batch results consumed');
}
