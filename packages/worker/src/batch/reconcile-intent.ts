import { withCallDeadline } from '@quarry/anthropic';
import type { BatchIntent } from '@quarry/queue';
import { describeError } from '../describe-error';
import {
  adoptionDecision,
  clockAllowanceMs,
  type IntentCandidate,
  mayBeIntentBatch,
} from './adoption-decision';
import type { BatchLaneContext } from './batch-lane-context';
import { readBatchProof } from './read-batch-proof';
import { settleIntent } from './settle-intent';

/**
 * Settles an intent whose create call never answered, against `batches.list` (newest first). A
 * batch is adopted only when it is provably the intent's: unknown to this queue, created no earlier
 * than the intent and not ended before it, with its number of requests, and its results carrying
 * exactly the intent's custom_ids (each holds the intent's marker). A batch still running cannot be
 * read yet, so the intent waits for it and looks again next round. When no batch is its own and
 * the listing is old enough to trust, the batch was never created and the entries wait again;
 * after `adoptionBoundMs` with batches still unproven its attempts end with an error instead of
 * being sent again, as one of those batches may have paid for them.
 */
export async function reconcileIntent(context: BatchLaneContext, intent: BatchIntent): Promise<void> {
  const candidates = await listCandidates(context, intent);
  if (candidates === null) return;
  const decision = adoptionDecision({
    intent: { createdAtMs: intent.createdAtMs, size: Object.keys(intent.entries).length },
    candidates,
    nowMs: context.now(),
    settleMs: context.intentGraceMs,
  });
  await settleIntent(context, { intent, decision });
}

/** The batches listed since the intent, each ended one that may be its own with its results' proof; null when the listing failed. */
async function listCandidates(
  context: BatchLaneContext,
  intent: BatchIntent,
): Promise<IntentCandidate[] | null> {
  const listed: Omit<IntentCandidate, 'proof'>[] = [];
  try {
    // One deadline over every page of the listing (a page that stalls mid-body ends it).
    await withCallDeadline(
      { operation: 'The Message Batches listing', timeoutMs: context.callTimeoutMs },
      async (signal) => {
        for await (const batch of context.client.messages.batches.list(
          { limit: 100 },
          { timeout: context.callTimeoutMs, signal },
        )) {
          const createdAtMs = Date.parse(batch.created_at);
          // Newest first: the rest is older still. One without a readable time is passed over.
          if (createdAtMs < intent.createdAtMs - clockAllowanceMs) break;
          if (!Number.isFinite(createdAtMs)) continue;
          const counts = batch.request_counts;
          const endedAtMs = batch.processing_status === 'ended' ? Date.parse(batch.ended_at ?? '') : null;
          listed.push({
            batchId: batch.id,
            createdAtMs,
            // An ended batch without a readable end time is taken as ended when it was created.
            endedAtMs: endedAtMs === null ? null : Number.isFinite(endedAtMs) ? endedAtMs : createdAtMs,
            requests:
              counts.processing + counts.succeeded + counts.errored + counts.canceled + counts.expired,
            known: await context.store.isKnown(batch.id),
          });
        }
      },
    );
  } catch (error) {
    context.log.warn(
      { intentId: intent.intentId, error: describeError(error) },
      'could not list batches; retrying later',
    );
    return null;
  }
  const customIds = new Set(Object.keys(intent.entries));
  const size = customIds.size;
  const candidates: IntentCandidate[] = [];
  for (const batch of listed) {
    const readable = batch.endedAtMs !== null && mayBeIntentBatch({ ...batch, intent: { ...intent, size } });
    const proof = readable ? await readBatchProof(context, { batchId: batch.batchId, customIds }) : 'unread';
    candidates.push({ ...batch, proof });
  }
  return candidates;
}
