import type { RefusalCategory } from '@quarry/core';
import { buildDlqRecord } from '../build-dlq-record';
import type { DlqReasonKind } from '../dlq-reason';
import type { DlqRecord } from '../dlq-record';
import { attemptRecord, schemaIssue } from './attempt-record';

/** What a test DLQ record is made of; everything but the source job id and time has a default. */
export interface DlqRecordForOptions {
  readonly jobId: string;
  /** Dead-letter time (ms). */
  readonly at: number;
  /** Default `invoice`. */
  readonly workflow?: string;
  /** Default 1. */
  readonly version?: number;
  /** Default `validation_exhausted`. */
  readonly kind?: DlqReasonKind;
  readonly refusalCategory?: RefusalCategory;
  /** One attempt per entry, with a schema issue at each path. Default one attempt at `total`. */
  readonly attempts?: readonly (readonly string[])[];
  readonly redriveCount?: number;
}

/** A DLQ record as the worker would build it; each issue message names the record's source job. */
export function dlqRecordFor(options: DlqRecordForOptions): DlqRecord {
  const { jobId, at } = options;
  return buildDlqRecord({
    job: {
      id: jobId,
      timestamp: at - 60_000,
      data: {
        workflow: options.workflow ?? 'invoice',
        version: options.version ?? 1,
        input: { text: `document ${jobId}` },
        ...(options.redriveCount
          ? { lineage: { rootJobId: 'root', redriveCount: options.redriveCount } }
          : {}),
      },
      attemptsMade: 1,
    },
    reason: {
      kind: options.kind ?? 'validation_exhausted',
      message: `gave up on ${jobId}`,
      ...(options.refusalCategory ? { refusalCategory: options.refusalCategory } : {}),
    },
    attempts: (options.attempts ?? [['total']]).map((paths, i) =>
      attemptRecord({
        n: i + 1,
        issues: paths.map((path) => ({ ...schemaIssue(path), message: `${path} is wrong in ${jobId}` })),
      }),
    ),
    deadLetteredAt: new Date(at),
  });
}
