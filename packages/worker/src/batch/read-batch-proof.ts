import { withCallDeadline } from '@quarry/anthropic';
import { describeError } from '../describe-error';
import type { IntentCandidate } from './adoption-decision';
import type { BatchLaneContext } from './batch-lane-context';

/**
 * Reads an ended batch's results (custom_ids only, nothing else kept) to prove whether it is an
 * intent's: `ours` when every result names one of `customIds` and each of them is named, `foreign`
 * at the first custom_id that is not the intent's (the download stops there), `unread` when the
 * download failed (the next round reads it again).
 */
export async function readBatchProof(
  context: BatchLaneContext,
  options: { readonly batchId: string; readonly customIds: ReadonlySet<string> },
): Promise<IntentCandidate['proof']> {
  const { batchId, customIds } = options;
  try {
    return await withCallDeadline(
      { operation: 'The Message Batches results download', timeoutMs: context.callTimeoutMs },
      async (signal) => {
        const seen = new Set<string>();
        const results = await context.client.messages.batches.results(
          batchId,
          {},
          { timeout: context.callTimeoutMs, signal },
        );
        for await (const item of results) {
          if (!customIds.has(item.custom_id)) return 'foreign';
          seen.add(item.custom_id);
        }
        return seen.size === customIds.size ? 'ours' : 'foreign';
      },
    );
  } catch (error) {
    context.log.warn({ batchId, error: describeError(error) }, 'could not read a batch to check whose it is');
    return 'unread';
  }
}
