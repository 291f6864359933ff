import { textTable } from '@quarry/env';
import type { BatchDetail, BatchSummary, CollectorState } from '@quarry/queue';
import { ageLabel, costLabel } from '@quarry/triage';
import { cliTime } from '../cli-time';

/** The batches as a table, newest first, with each model's collector under them. */
export function renderBatchList(options: {
  readonly batches: readonly BatchSummary[];
  readonly collectors: readonly CollectorState[];
  readonly nowMs: number;
}): string {
  const { nowMs } = options;
  const batches = textTable({
    head: [
      'BATCH ID',
      'MODEL',
      'STATUS',
      'REQUESTS',
      'SUCCEEDED',
      'ERRORED',
      'EXPIRED',
      'CANCELED',
      'PENDING',
      'COST',
      'AGE',
    ],
    rows: options.batches.map((batch) => [
      batch.batchId,
      batch.model,
      batch.status,
      String(batch.requests),
      String(batch.results.succeeded),
      String(batch.results.errored),
      String(batch.results.expired),
      String(batch.results.canceled),
      String(batch.pending),
      costLabel(batch.costUsd),
      ageLabel(batch.submittedAt, nowMs),
    ]),
  });
  const collectors = textTable({
    head: ['MODEL', 'WAITING', 'OLDEST'],
    rows: options.collectors.map((collector) => [
      collector.model,
      String(collector.waiting),
      collector.oldestWaitingSince === null ? '-' : ageLabel(collector.oldestWaitingSince, nowMs),
    ]),
  });
  return `${batches}\n\nWaiting to be collected:\n${collectors}\n`;
}

/** One batch: its summary, then its requests. */
export function renderBatchDetail(options: { readonly batch: BatchDetail; readonly nowMs: number }): string {
  const { batch, nowMs } = options;
  const summary = textTable({
    rows: [
      ['Batch', batch.batchId],
      ['Model', batch.model],
      ['Status', batch.status],
      ['Submitted', `${cliTime(batch.submittedAt)} (${ageLabel(batch.submittedAt, nowMs)} ago)`],
      ['Ended', batch.endedAt ? cliTime(batch.endedAt) : '-'],
      ['Requests', String(batch.requests)],
      [
        'Results',
        `${batch.results.succeeded} succeeded, ${batch.results.errored} errored, ${batch.results.expired} expired, ${batch.results.canceled} canceled, ${batch.pending} pending`,
      ],
      ['Cost so far', costLabel(batch.costUsd)],
    ],
    maxWidth: 120,
  });
  const requests = textTable({
    head: ['CUSTOM ID', 'JOB', 'ATTEMPT', 'RESULT'],
    rows: batch.requestList.map((request) => [
      request.customId,
      request.jobId,
      request.attempt === null ? '?' : String(request.attempt),
      request.result ?? 'pending',
    ]),
  });
  const more =
    batch.requests > batch.requestList.length
      ? `(${batch.requestList.length} of ${batch.requests} shown)\n`
      : '';
  return `${summary}\n\n${requests}\n${more}`;
}
