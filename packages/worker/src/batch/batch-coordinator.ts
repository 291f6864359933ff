import { randomUUID } from 'node:crypto';
import { withCallDeadline } from '@quarry/anthropic';
import { acquireBatchLease, type QuarryKeys, type RedisClient, releaseBatchLease } from '@quarry/queue';
import { describeError } from '../describe-error';
import type { BatchLaneContext } from './batch-lane-context';
import { consumeBatch } from './consume-batch';
import { promoteDeadlines } from './promote-deadlines';
import { reconcileIntent } from './reconcile-intent';
import { submitBatch } from './submit-batch';

/** Options of {@link createBatchCoordinator}. */
export interface BatchCoordinatorOptions {
  readonly context: BatchLaneContext;
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
}

/** The batch lane's coordinator inside one worker. */
export interface BatchCoordinator {
  start(): void;
  /** One round: promote, reconcile, poll and consume (poll lease), then submit (submit lease per model). */
  tick(): Promise<void>;
  /** Stops the rounds and waits for the one running; gives the leases back. */
  stop(): Promise<void>;
}

/**
 * Runs the batch lane in every worker, coordinated through Redis leases: whoever holds `poll`
 * promotes attempts near their deadline, reconciles unanswered creates and consumes ended batches;
 * whoever holds `submit:<model>` submits that model's batch when due. The leases keep the work from
 * being done twice for nothing; every move of an entry is atomic and checks its owner, so two
 * workers doing the same step cannot lose an attempt or pay for one twice.
 */
export function createBatchCoordinator(options: BatchCoordinatorOptions): BatchCoordinator {
  const { context } = options;
  const owner = randomUUID();
  const ttlMs = Math.max(30_000, context.settings.pollIntervalMs * 3);
  const lease = (name: string) =>
    acquireBatchLease({ redis: options.redis, keys: options.keys, name, owner, ttlMs });
  const held = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const poll = async () => {
    await promoteDeadlines(context);
    for (const intent of await context.store.intents()) {
      if (intent.state === 'unknown' || context.now() - intent.createdAtMs > context.intentGraceMs) {
        await reconcileIntent(context, intent);
      }
    }
    for (const batch of await context.store.inFlight()) {
      const state = await withCallDeadline(
        { operation: 'The Message Batches retrieve', timeoutMs: context.callTimeoutMs },
        (signal) =>
          context.client.messages.batches.retrieve(
            batch.batchId,
            {},
            { timeout: context.callTimeoutMs, signal },
          ),
      );
      if (state.processing_status === 'ended') await consumeBatch(context, batch);
    }
  };

  const round = async () => {
    try {
      if (await lease('poll')) {
        held.add('poll');
        await poll();
      }
      for (const model of await context.store.models()) {
        if (stopped) return;
        if (await lease(`submit:${model}`)) {
          held.add(`submit:${model}`);
          let force = false;
          for (;;) {
            const step = await submitBatch(context, model, force);
            if (!(step.submitted || step.cut) || stopped) break;
            force = step.cut;
          }
        }
      }
    } catch (error) {
      context.log.error({ error: describeError(error) }, 'batch lane round failed; trying again next round');
    }
  };

  const tick = () => {
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().then(schedule);
    }, context.settings.pollIntervalMs);
  };

  return {
    start() {
      void tick().then(schedule);
    },
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      for (const name of held) {
        await releaseBatchLease({ redis: options.redis, keys: options.keys, name, owner }).catch(() => {});
      }
    },
  };
}
