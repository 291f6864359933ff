import { z } from 'zod';

/** The types of a batch result, as the Message Batches API names them. */
export const BatchResultType = z.enum(['succeeded', 'errored', 'expired', 'canceled']);
export type BatchResultType = z.infer<typeof BatchResultType>;

/** Where a batch stands as this queue knows it. */
export const BatchStatus = z.enum(['in_progress', 'canceling', 'ended']);
export type BatchStatus = z.infer<typeof BatchStatus>;

/** What operators are shown of one batch (`quarry batches list --json`, the dashboard). */
export const BatchSummary = z.object({
  batchId: z.string(),
  model: z.string(),
  status: BatchStatus,
  /** ISO 8601. */
  submittedAt: z.string(),
  /** ISO 8601, once its results were consumed. */
  endedAt: z.string().nullable(),
  requests: z.number().int().nonnegative(),
  /** Results consumed so far, by type. */
  results: z.record(BatchResultType, z.number().int().nonnegative()),
  /** Requests without a result consumed yet. */
  pending: z.number().int().nonnegative(),
  /** What the results consumed so far cost, at the batch price. */
  costUsd: z.number().nonnegative(),
});
export type BatchSummary = z.infer<typeof BatchSummary>;

/** One request of a batch: the job attempt it carries and its result, once consumed. */
export const BatchRequestView = z.object({
  customId: z.string(),
  jobId: z.string(),
  attempt: z.number().int().nullable(),
  result: BatchResultType.nullable(),
});
export type BatchRequestView = z.infer<typeof BatchRequestView>;

/** One batch with its requests (`quarry batches show --json`). */
export const BatchDetail = BatchSummary.extend({
  /** At most the limit asked for, by custom_id. */
  requestList: z.array(BatchRequestView),
});
export type BatchDetail = z.infer<typeof BatchDetail>;

/** One model's collector: attempts waiting to be put into a batch. */
export const CollectorState = z.object({
  model: z.string(),
  waiting: z.number().int().nonnegative(),
  /** ISO 8601 time the oldest waiting attempt started waiting, or null when none waits. */
  oldestWaitingSince: z.string().nullable(),
});
export type CollectorState = z.infer<typeof CollectorState>;

/** A count or time read back from Redis: a finite number ≥ 0, else 0. */
const count = (raw: string | undefined): number => {
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : 0;
};

const iso = (ms: number): string => new Date(ms).toISOString();

/** A batch's summary from its record hash (fields as `open-batch-record-4` writes them). */
export function batchSummaryOf(options: {
  readonly record: Readonly<Record<string, string>>;
  readonly inFlight: boolean;
}): BatchSummary {
  const { record } = options;
  const results = Object.fromEntries(
    BatchResultType.options.map((type) => [type, Math.trunc(count(record[`n:${type}`]))]),
  ) as Record<BatchResultType, number>;
  const consumed = Object.values(results).reduce((sum, n) => sum + n, 0);
  const requests = Math.trunc(count(record.requests));
  const stored = BatchStatus.safeParse(record.status);
  // Not in flight any more: its results were consumed, whether or not the end was recorded.
  const status: BatchStatus = !options.inFlight ? 'ended' : stored.success ? stored.data : 'in_progress';
  const endedAt = record.endedAt !== undefined ? iso(count(record.endedAt)) : null;
  return {
    batchId: record.batchId ?? '',
    model: record.model ?? '',
    status,
    submittedAt: iso(count(record.submittedAt)),
    endedAt: status === 'ended' ? endedAt : null,
    requests,
    results,
    pending: Math.max(0, requests - consumed),
    costUsd: count(record.costUsd),
  };
}
