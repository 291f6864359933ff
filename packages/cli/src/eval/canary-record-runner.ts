import { setTimeout as sleep } from 'node:timers/promises';
import { DeadLetteredError, type QuarryClient, WaitTimeoutError } from '@quarry/client';
import type { Lane } from '@quarry/core';
import { type DlqRecord, dlqReasonLabel } from '@quarry/queue';
import { type ReplayJobStep, type Triage, topIssueOf } from '@quarry/triage';
import type { CanaryRecordResult } from './canary-report';

/** Longest wait for a dead-lettered canary job's record to be written (the reconciler may write it late). */
const RECORD_WAIT_MS = 10_000;

/** Options of {@link canaryRecordRunner}. */
export interface CanaryRecordRunnerOptions {
  readonly client: QuarryClient;
  /** Reads DLQ records and removes the canary's own dead letters. */
  readonly triage: Pick<Triage, 'pruneEvaluationRecords'>;
  /** Reads a DLQ record afresh (null when there is none yet). */
  readonly readRecord: (dlqId: string) => Promise<DlqRecord | null>;
  /** Tags every job as this canary's (`evaluation.runId`): kept out of production's lessons, review and statistics. */
  readonly runId: string;
  readonly lane?: Lane;
  /** How long to wait for one job's result; it carries on after (the record is then `not_run`). */
  readonly timeoutMs: number;
}

const describe = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

/**
 * Runs one planned replay step as an evaluation job instead of a replay: the job data the replay
 * would add (input with documents by their stored reference, target version, overrides, budget), with
 * neither lineage, idempotency key nor metadata, tagged `evaluation: { runId, itemId: dlqId, lessons:
 * 'off' }`, then waits for it. The DLQ record itself is never touched. A job that dead-letters is
 * reported with its reason and top issue from its own DLQ record, which is then removed (read afresh,
 * only when tagged with this run, see `Triage.pruneEvaluationRecords`). Never rejects.
 */
export function canaryRecordRunner(
  options: CanaryRecordRunnerOptions,
): (step: ReplayJobStep) => Promise<CanaryRecordResult> {
  const { client, runId } = options;
  return async (step) => {
    const { dlqId, data } = step;
    const was = dlqReasonLabel(step.record.reason);
    let jobId: string;
    try {
      ({ jobId } = await client.enqueue(data.workflow, data.input, {
        ...(data.version === undefined ? {} : { version: data.version }),
        ...(data.overrides ? { overrides: data.overrides } : {}),
        ...(data.budget ? { budget: data.budget } : {}),
        ...(options.lane ? { lane: options.lane } : {}),
        evaluation: { runId, itemId: dlqId, lessons: 'off' },
      }));
    } catch (error) {
      return { outcome: 'not_run', dlqId, why: `not enqueued: ${describe(error)}` };
    }
    try {
      const result = await client.waitForResult(jobId, { timeoutMs: options.timeoutMs });
      return {
        outcome: 'completes',
        dlqId,
        was,
        jobId,
        needsReview: result.needsReview,
        reviewReasons: [...result.reviewReasons],
        attempts: result.attempts,
        costUsd: result.costUsd,
      };
    } catch (error) {
      if (error instanceof DeadLetteredError) return failed({ options, step, jobId, was, error });
      const why =
        error instanceof WaitTimeoutError
          ? `still ${error.lastState} after ${error.timeoutMs / 1000} s; it carries on, and a dead letter it leaves stays in the DLQ (tagged evaluation.runId ${runId})`
          : describe(error);
      return { outcome: 'not_run', dlqId, jobId, why };
    }
  };
}

/** A dead-lettered canary job: its reason and top issue, read from its own record, which then goes. */
async function failed(options: {
  readonly options: CanaryRecordRunnerOptions;
  readonly step: ReplayJobStep;
  readonly jobId: string;
  readonly was: string;
  readonly error: DeadLetteredError;
}): Promise<CanaryRecordResult> {
  const { error, jobId } = options;
  const { runId, triage } = options.options;
  const record = error.record ?? (await waitForRecord(options.options.readRecord, error.dlqId));
  const topIssue = record ? topIssueOf(record) : null;
  let deadLetter: { dlqId: string; removed: boolean; kept?: string };
  try {
    const pruned = await triage.pruneEvaluationRecords({ runId, records: [{ dlqId: error.dlqId, jobId }] });
    const kept = pruned.kept[0]?.why;
    deadLetter = {
      dlqId: error.dlqId,
      removed: pruned.removed.includes(error.dlqId),
      ...(kept ? { kept } : {}),
    };
  } catch (pruneError) {
    deadLetter = { dlqId: error.dlqId, removed: false, kept: describe(pruneError) };
  }
  return {
    outcome: 'fails',
    dlqId: options.step.dlqId,
    was: options.was,
    jobId,
    reason: { kind: error.reason.kind, label: dlqReasonLabel(error.reason), message: error.reason.message },
    topIssue: topIssue ? { path: topIssue.path, message: topIssue.message } : null,
    modelCalls: record?.totals.modelCalls ?? 0,
    costUsd: record ? record.totals.costUsd : null,
    deadLetter,
  };
}

/** The record `dlqId` once written, polling from 50 ms up; null when it is not there within {@link RECORD_WAIT_MS}. */
async function waitForRecord(
  read: (dlqId: string) => Promise<DlqRecord | null>,
  dlqId: string,
): Promise<DlqRecord | null> {
  const deadline = Date.now() + RECORD_WAIT_MS;
  for (let intervalMs = 50; ; intervalMs = Math.min(intervalMs * 2, 1000)) {
    const record = await read(dlqId).catch(() => null);
    if (record || Date.now() >= deadline) return record;
    await sleep(Math.min(intervalMs, Math.max(0, deadline - Date.now())));
  }
}
