import { z } from 'zod';

/** The most job ids one `batch.ended` event carries (the rest are counted, not named). */
export const WEBHOOK_BATCH_JOB_IDS_LIMIT = 10_000;

const count = z.number().int().nonnegative();

/**
 * What a `batch.ended` event says of one workflow's entries in an ended batch: when the batch's
 * results were consumed, its entries' results by type, and their job ids (sorted, at most
 * {@link WEBHOOK_BATCH_JOB_IDS_LIMIT}). Never documents. Computed once by the batch lane when it
 * consumes the batch, carried by the delivery (a batch's results do not change once it ended).
 */
export const WebhookBatchEnded = z.object({
  /** ISO 8601: when this queue consumed the batch's results. */
  endedAt: z.iso.datetime(),
  /** The workflow's entries in the batch (each a job attempt). */
  entries: count,
  /** The workflow's entries by result type; an entry without a result in the batch is in none. */
  counts: z.object({ succeeded: count, errored: count, expired: count, canceled: count }),
  /** The jobs of those entries, sorted, at most {@link WEBHOOK_BATCH_JOB_IDS_LIMIT}. */
  jobIds: z.array(z.string()).max(WEBHOOK_BATCH_JOB_IDS_LIMIT),
  /** True when there were more jobs than `jobIds` names. */
  jobIdsTruncated: z.boolean(),
});
export type WebhookBatchEnded = z.infer<typeof WebhookBatchEnded>;
