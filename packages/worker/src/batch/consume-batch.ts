import type { BatchInFlight } from '@quarry/queue';
import { type BatchLaneContext, showWaiting, wakeJobs } from './batch-lane-context';
import { batchResultAction } from './batch-result-action';

/**
 * Reads an ended batch's results (`batches.results`, JSONL) and settles each entry: an outcome is
 * stored once (a result seen twice is a no-op) and its job woken; expired, canceled and retryable
 * errored entries wait again without spending an attempt. Entries the results do not name also
 * wait again, then the batch is done. Safe to repeat after a crash at any point.
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
  log.info({ batchId, model, stored, requeued, missing: missing.length }, 'batch results consumed');
}
