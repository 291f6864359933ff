import type { AttemptRecord, RefusalCategory } from '@quarry/core';
import {
  buildDlqRecord,
  DeadLetterWriter,
  type DlqReasonKind,
  type DlqRecord,
  type Lineage,
  type QuarryQueues,
} from '@quarry/queue';

/** A failed attempt whose reply had the wrong type at `path`. */
export function failedAttempt(n: number, path = 'total'): AttemptRecord {
  return {
    n,
    startedAt: new Date(Date.UTC(2025, 5, 1, 0, 0, n)).toISOString(),
    durationMs: 1000,
    model: 'claude-haiku-4-5',
    strategy: 'structured',
    maxTokens: 4096,
    stopReason: 'end_turn',
    requestId: `req_${n}`,
    rawOutput: `{"${path}": "twelve"}`,
    rawOutputTruncated: false,
    toolCallId: null,
    issues: [{ source: 'schema', path, code: 'invalid_type', message: `expected number at ${path}` }],
    usage: { inputTokens: 800, outputTokens: 100, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
    costUsd: 0.001,
  };
}

/** Options of {@link seedDlqRecord}. */
export interface SeedDlqRecordOptions {
  readonly queues: QuarryQueues;
  readonly jobId: string;
  /** Default `invoice`. */
  readonly workflow?: string;
  readonly kind?: DlqReasonKind;
  /** The refusal category of a `refused` record. */
  readonly refusalCategory?: RefusalCategory;
  /** Default `no valid reply for <jobId>`. */
  readonly message?: string;
  /** Path of the issue of each attempt. */
  readonly path?: string;
  /** Default two failed attempts at `path`. */
  readonly attempts?: readonly AttemptRecord[];
  readonly lineage?: Lineage;
  /** When it was dead-lettered (ISO). Default an hour ago. */
  readonly at?: string;
}

/** Writes the DLQ record of an `invoice` v1 job that failed validation twice (or as `options` say). */
export async function seedDlqRecord(options: SeedDlqRecordOptions): Promise<DlqRecord> {
  const { queues, jobId } = options;
  const at = options.at ?? new Date(Date.now() - 3_600_000).toISOString();
  const record = buildDlqRecord({
    job: {
      id: jobId,
      timestamp: Date.parse(at) - 60_000,
      data: {
        workflow: options.workflow ?? 'invoice',
        version: 1,
        input: { text: `Invoice ${jobId}` },
        ...(options.lineage ? { lineage: options.lineage } : {}),
      },
      attemptsMade: 1,
    },
    reason: {
      kind: options.kind ?? 'validation_exhausted',
      message: options.message ?? `no valid reply for ${jobId}`,
      ...(options.refusalCategory ? { refusalCategory: options.refusalCategory } : {}),
    },
    attempts: options.attempts ?? [failedAttempt(1, options.path), failedAttempt(2, options.path)],
    deadLetteredAt: new Date(at),
  });
  await new DeadLetterWriter({ queue: queues.dlq, keys: queues.keys }).write(record);
  return record;
}
