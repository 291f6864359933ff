import type { BatchIntent } from '@quarry/queue';
import { assertNever } from '../assert-never';
import type { AdoptionDecision } from './adoption-decision';
import { type BatchLaneContext, showWaiting, wakeJobs } from './batch-lane-context';
import type { BatchOutcome } from './batch-outcome';

/** The outcome stored for each attempt of an abandoned intent: a permanent error, never sent again. */
const abandoned: BatchOutcome = {
  type: 'error',
  kind: 'permanent',
  status: null,
  message:
    'The batch create of this attempt never answered and no listed batch could be proven its own within 25 hours; it is not sent again, as it may have been paid for',
};

/** Carries out what `adoptionDecision` decided for an intent whose create never answered. */
export async function settleIntent(
  context: BatchLaneContext,
  options: { readonly intent: BatchIntent; readonly decision: AdoptionDecision },
): Promise<void> {
  const { store, log } = context;
  const { intent, decision } = options;
  const { intentId, model } = intent;
  const jobIdsOfIntent = () => Object.values(intent.entries).map(jobIdOfRef);
  switch (decision.kind) {
    case 'adopt': {
      const { batchId } = decision;
      if (await store.saveBatchId({ intentId, batchId, nowMs: context.now() })) {
        log.warn(
          { intentId, batchId },
          'batch adopted for an unanswered create: its results carry its custom_ids',
        );
        await showWaiting(context, jobIdsOfIntent(), batchId);
      }
      return;
    }
    case 'wait':
      log.info(
        { intentId, unproven: decision.unproven.length },
        'unanswered create not settled yet; looking again',
      );
      return;
    case 'release': {
      const jobIds = await store.releaseIntent({ intentId, model });
      log.warn({ intentId, entries: jobIds.length }, 'no batch was created; its entries wait again');
      await showWaiting(context, jobIds, null);
      return;
    }
    case 'abandon': {
      const owner = `intent:${intentId}`;
      const outcome = JSON.stringify(abandoned);
      const jobIds: string[] = [];
      for (const ref of Object.values(intent.entries)) {
        const jobId = await store.settle({ ref, owner, model, outcome });
        if (jobId) jobIds.push(jobId);
      }
      await store.releaseIntent({ intentId, model });
      log.error(
        { intentId, entries: jobIds.length, unproven: decision.unproven },
        'unanswered create abandoned: its attempts end with an error and are not sent again',
      );
      await wakeJobs(context, jobIds);
      return;
    }
    default:
      assertNever(decision, 'adoption decision');
  }
}

const jobIdOfRef = (ref: string): string => ref.slice(0, ref.lastIndexOf('@'));
