import { ensureDlqIndex, type QuarryQueues, type RedisClient } from '@quarry/queue';
import { DlqRecordUnreadableError } from './errors/dlq-record-unreadable-error';

/**
 * A function that makes sure the DLQ is indexed (`ensureDlqIndex`: one GET once it is), at most once
 * per triage service; a failed attempt is tried again by the next call. DLQ jobs the backfill could not
 * read are reported as unreadable records.
 */
export function indexOnce(options: {
  readonly redis: RedisClient;
  readonly queues: QuarryQueues;
  readonly onUnreadable?: ((error: DlqRecordUnreadableError) => void) | undefined;
}): () => Promise<void> {
  let indexed: Promise<void> | undefined;
  const { redis, queues } = options;
  return () =>
    (indexed ??= ensureDlqIndex({ redis, dlq: queues.dlq, keys: queues.keys }).then(
      (report) => {
        for (const { jobId, problem } of report.unreadable) {
          options.onUnreadable?.(new DlqRecordUnreadableError({ dlqId: jobId, problems: [problem] }));
        }
      },
      (error: unknown) => {
        indexed = undefined;
        throw error;
      },
    ));
}
