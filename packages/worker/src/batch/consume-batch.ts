import { withCallDeadline } from '@quarry/anthropic';
import { costOf, decideLostFile, mayBeLostFile } from '@quarry/core';
import type { BatchInFlight, BatchResultType } from '@quarry/queue';
import { checkDocumentFile } from '../check-document-file';
import { type BatchLaneContext, showWaiting, wakeJobs } from './batch-lane-context';
import { type BatchResultAction, batchResultAction } from './batch-result-action';
import { batchEndedFacts, batchWorkflows, emitBatchEnded } from './emit-batch-ended';
import { lostFileResultAction } from './lost-file-result-action';

/** What a result cost at the batch price, for the batch's record (null when not a reply or unpriced). */
function costOfAction(context: BatchLaneContext, action: BatchResultAction): number | null {
  if (action.kind !== 'store' || action.outcome.type !== 'reply') return null;
  const { usage, model } = action.outcome.response;
  return costOf({ usage, model, models: context.models, lane: 'batch' });
}

/**
 * The action for an entry that came back with a 404 or 400 while its request referenced a document
 * file (and the batch still owns it): the Files API is asked whether the file still exists, and
 * `lostFileResultAction` decides. Any other action is returned as it is.
 */
async function checkedForLostFile(
  context: BatchLaneContext,
  options: { readonly batchId: string; readonly ref: string; readonly action: BatchResultAction },
): Promise<BatchResultAction> {
  const { action } = options;
  const uploader = context.uploader;
  if (action.kind !== 'store' || action.outcome.type !== 'error' || !uploader) return action;
  if (!mayBeLostFile(action.outcome.status)) return action;
  const [entry] = await context.store.entries([options.ref]);
  if (!entry?.fileId || entry.owner !== options.batchId) return action;
  const { fileId } = entry;
  const check = await checkDocumentFile({ uploader, fileId, log: context.log });
  const decision = decideLostFile({ fileId, check, reuploaded: entry.lostFileId !== null });
  return lostFileResultAction({ decision, outcome: action.outcome });
}

/**
 * Reads an ended batch's results (`batches.results`, JSONL) and settles each entry: an outcome is
 * stored once (a result seen twice is a no-op) and its job woken; expired, canceled and retryable
 * errored entries wait again without spending an attempt, and so does an entry whose document file
 * the Files API lost, marked so that its next request resolves the document anew. Entries the results do not name also
 * wait again, then the batch is done. Each result is counted once in the batch's record, with its
 * cost at the batch price. Before the batch is done, `batch.ended` is emitted to each workflow with
 * an entry in it and a subscription to the event (its jobs' workflows read first, while they wait
 * parked), so a crash before the end emits it again under the same event id. Safe to repeat after a
 * crash at any point.
 */
export async function consumeBatch(context: BatchLaneContext, batch: BatchInFlight): Promise<void> {
  const { store, log } = context;
  const { batchId, model } = batch;
  let stored = 0;
  let requeued = 0;
  const workflows = await batchWorkflows(context, batchId);
  const typeByRef = new Map<string, BatchResultType>();
  // One deadline over the whole download: a results stream that stalls ends the round, and the next
  // round reads the batch again (what this one settled is not settled twice).
  await withCallDeadline(
    { operation: 'The Message Batches results download', timeoutMs: context.callTimeoutMs },
    async (signal) => {
      const results = await context.client.messages.batches.results(
        batchId,
        {},
        { timeout: context.callTimeoutMs, signal },
      );
      for await (const item of results) {
        const ref = await store.memberRef(batchId, item.custom_id);
        if (!ref) continue;
        if (workflows.byJob.size > 0) typeByRef.set(ref, item.result.type);
        const action = await checkedForLostFile(context, {
          batchId,
          ref,
          action: batchResultAction(item.result),
        });
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
              // The batch is kept with a reply so the attempt's span can name it when the job reads it.
              outcome: JSON.stringify(
                action.outcome.type === 'reply' ? { ...action.outcome, batchId } : action.outcome,
              ),
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
          case 'reupload': {
            const jobId = await store.requeueLostFile({ ref, batchId, model, lostFileId: action.lostFileId });
            if (!jobId) break;
            requeued += 1;
            context.metrics.batchResult(item.result.type);
            log.warn(
              { batchId, ref, lostFileId: action.lostFileId },
              'document file lost by the Files API; the attempt waits for the next batch, its document sent anew',
            );
            await showWaiting(context, [jobId], null);
            break;
          }
        }
      }
    },
  );
  const endedAtMs = context.now();
  if (context.webhooks && workflows.byJob.size > 0) {
    const entries = workflows.refs.map((ref) => ({ ref, type: typeByRef.get(ref) ?? null }));
    const facts = batchEndedFacts({ workflows: workflows.byJob, entries, endedAtMs });
    await emitBatchEnded({ webhooks: context.webhooks, batchId, facts });
  }
  const missing = await store.finishBatch({ batchId, model });
  await showWaiting(context, missing, null);
  await store.records.end({ batchId, endedAtMs });
  log.info({ batchId, model, stored, requeued, missing: missing.length }, 'batch results consumed');
}
