import { withCallDeadline } from '@quarry/anthropic';
import type { BatchIntent } from '@quarry/queue';
import { describeError } from '../describe-error';
import { type BatchLaneContext, showWaiting } from './batch-lane-context';

/** Batches created up to this long before their intent's time (clocks of worker and API differ) still match it. */
const clockSkewMs = 5 * 60_000;

/**
 * Settles an intent whose create call never answered, against `batches.list` (newest first): the
 * earliest batch created since the intent (less the clock skew) that this queue does not know and
 * that holds exactly the intent's number of requests is adopted as its batch, and its results are
 * later matched by custom_id; when there is none, the batch was never created and the entries wait
 * again. Either way no attempt is paid twice: the entries are in at most one batch.
 */
export async function reconcileIntent(context: BatchLaneContext, intent: BatchIntent): Promise<void> {
  const { store, log } = context;
  const size = Object.keys(intent.entries).length;
  let adopted: string | null = null;
  try {
    // One deadline over every page of the listing (a page that stalls mid-body ends it).
    await withCallDeadline(
      { operation: 'The Message Batches listing', timeoutMs: context.callTimeoutMs },
      async (signal) => {
        for await (const batch of context.client.messages.batches.list(
          { limit: 100 },
          { timeout: context.callTimeoutMs, signal },
        )) {
          if (Date.parse(batch.created_at) < intent.createdAtMs - clockSkewMs) break;
          if (await store.isKnown(batch.id)) continue;
          const counts = batch.request_counts;
          const total =
            counts.processing + counts.succeeded + counts.errored + counts.canceled + counts.expired;
          if (total === size) adopted = batch.id;
        }
      },
    );
  } catch (error) {
    log.warn(
      { intentId: intent.intentId, error: describeError(error) },
      'could not list batches; retrying later',
    );
    return;
  }
  if (adopted) {
    if (await store.saveBatchId({ intentId: intent.intentId, batchId: adopted, nowMs: context.now() })) {
      log.warn({ intentId: intent.intentId, batchId: adopted }, 'batch adopted for an unanswered create');
      await showWaiting(context, Object.values(intent.entries).map(jobIdOfRef), adopted);
    }
    return;
  }
  const jobIds = await store.releaseIntent({ intentId: intent.intentId, model: intent.model });
  log.warn(
    { intentId: intent.intentId, entries: jobIds.length },
    'no batch was created; its entries wait again',
  );
  await showWaiting(context, jobIds, null);
}

const jobIdOfRef = (ref: string): string => ref.slice(0, ref.lastIndexOf('@'));
