import type { ChainableCommander } from 'ioredis';
import type { RedisClient } from '../redis-connection';
import { acquireLease1 } from './acquire-lease-1';
import { appendAttemptsN } from './append-attempts-n';
import { claimBlobDeletion2 } from './claim-blob-deletion-2';
import { countLessonJobs1 } from './count-lesson-jobs-1';
import { endBatchRecord3 } from './end-batch-record-3';
import { fairStamp7 } from './fair-stamp-7';
import { forgetDocumentFile1 } from './forget-document-file-1';
import { indexDlqRecord14 } from './index-dlq-record-14';
import { liftQueuePause2 } from './lift-queue-pause-2';
import { markBlobUse2 } from './mark-blob-use-2';
import { markDlqReplayed4 } from './mark-dlq-replayed-4';
import { openBatchRecord4 } from './open-batch-record-4';
import { pacerDraw1 } from './pacer-draw-1';
import { pacerSettle1 } from './pacer-settle-1';
import { pageDlqIndex1 } from './page-dlq-index-1';
import { parkBatchEntry5 } from './park-batch-entry-5';
import { pauseQueue2 } from './pause-queue-2';
import { putLabelledItem7 } from './put-labelled-item-7';
import type { QuarryScript } from './quarry-script';
import { readDlqGroup3 } from './read-dlq-group-3';
import { readHistory3 } from './read-history-3';
import { recordBatchResult2 } from './record-batch-result-2';
import { recordHistory3 } from './record-history-3';
import { recordWorkflowStats3 } from './record-workflow-stats-3';
import { releaseBlobDeletion1 } from './release-blob-deletion-1';
import { requeueBatchEntries5 } from './requeue-batch-entries-5';
import { requeueLostFileEntry2 } from './requeue-lost-file-entry-2';
import { restoreLesson1 } from './restore-lesson-1';
import { retireLesson1 } from './retire-lesson-1';
import { saveBatchId8 } from './save-batch-id-8';
import { settleBatchEntry4 } from './settle-batch-entry-4';
import { takeBatchIntent5 } from './take-batch-intent-5';
import { tenantAdmit5 } from './tenant-admit-5';
import { tenantRelease4 } from './tenant-release-4';
import { tenantSpend3 } from './tenant-spend-3';
import { unindexDlqRecord12 } from './unindex-dlq-record-12';
import { writeAttemptLog1 } from './write-attempt-log-1';

/** Every Lua script Quarry runs; each becomes a command of the same name on a client. */
export const quarryScripts: readonly QuarryScript[] = [
  indexDlqRecord14,
  markDlqReplayed4,
  pageDlqIndex1,
  readDlqGroup3,
  readHistory3,
  recordHistory3,
  retireLesson1,
  restoreLesson1,
  countLessonJobs1,
  unindexDlqRecord12,
  writeAttemptLog1,
  acquireLease1,
  parkBatchEntry5,
  takeBatchIntent5,
  saveBatchId8,
  settleBatchEntry4,
  requeueBatchEntries5,
  requeueLostFileEntry2,
  openBatchRecord4,
  recordBatchResult2,
  endBatchRecord3,
  pacerDraw1,
  pacerSettle1,
  recordWorkflowStats3,
  appendAttemptsN,
  forgetDocumentFile1,
  markBlobUse2,
  claimBlobDeletion2,
  releaseBlobDeletion1,
  putLabelledItem7,
  fairStamp7,
  tenantAdmit5,
  tenantSpend3,
  tenantRelease4,
  pauseQueue2,
  liftQueuePause2,
];

type Arg = string | number;

/** What `read-dlq-group-3` replies: the group hash as a flat list, then the oldest and newest entries. */
export type DlqGroupReply = [string[], string | null, string | null];

/** The scripts as commands of a client ({@link withQuarryScripts}); keys first, then the script's ARGV. */
export interface QuarryScriptCommands {
  quarryHistoryRead(
    scores: string,
    details: string,
    effect: string,
    ...args: Arg[]
  ): Promise<(string | null)[]>;
  quarryHistoryRecord(scores: string, details: string, effect: string, ...args: Arg[]): Promise<number>;
  quarryRetireLesson(effect: string, ...args: Arg[]): Promise<number>;
  quarryRestoreLesson(effect: string, signature: string, retiredAt: string): Promise<number>;
  quarryCountLessonJobs(effect: string, ...args: Arg[]): Promise<number>;
  /** KEYS and ARGV of `unindex-dlq-record-12`, in order. */
  quarryUnindexDlqRecord(...keysAndArgs: Arg[]): Promise<[number, number]>;
  quarryPageDlqIndex(index: string, ...args: Arg[]): Promise<string[]>;
  quarryReadDlqGroup(group: string, byFingerprint: string, entries: string): Promise<DlqGroupReply>;
  quarryWriteAttemptLog(logKey: string, ...lines: string[]): Promise<number>;
  quarryAcquireLease(lease: string, owner: string, ttlMs: number): Promise<number>;
  quarryParkBatchEntry(...keysThenArgs: Arg[]): Promise<string>;
  quarryTakeBatchIntent(...keysThenArgs: Arg[]): Promise<string[]>;
  quarrySaveBatchId(...keysThenArgs: Arg[]): Promise<number>;
  quarrySettleBatchEntry(...keysThenArgs: Arg[]): Promise<string>;
  quarryRequeueBatchEntries(...keysThenArgs: Arg[]): Promise<string[]>;
  quarryRequeueLostFileEntry(...keysThenArgs: Arg[]): Promise<string>;
  quarryOpenBatchRecord(...keysThenArgs: Arg[]): Promise<number>;
  quarryRecordBatchResult(...keysThenArgs: Arg[]): Promise<number>;
  quarryEndBatchRecord(...keysThenArgs: Arg[]): Promise<number>;
  quarryPacerDraw(budget: string, ...args: Arg[]): Promise<[string, number, string, string, string]>;
  quarryPacerSettle(budget: string, ...args: Arg[]): Promise<[string, string, string]>;
  quarryRecordWorkflowStats(bucket: string, index: string, rate: string, ...args: Arg[]): Promise<string[]>;
  /** The number of keys, the keys, then ARGV (`append-attempts-n`). */
  quarryAppendAttempts(numberOfKeys: number, ...keysThenArgs: Arg[]): Promise<number[]>;
  quarryForgetDocumentFile(entry: string, fileId: string): Promise<number>;
  quarryMarkBlobUse(marks: string, deleting: string, ...args: Arg[]): Promise<[number, number]>;
  quarryClaimBlobDeletion(marks: string, deleting: string, ...args: Arg[]): Promise<string>;
  quarryReleaseBlobDeletion(deleting: string, key: string, owner: string): Promise<number>;
  /** KEYS and ARGV of `put-labelled-item-7`, in order. */
  quarryPutLabelledItem(...keysThenArgs: Arg[]): Promise<[string, number]>;
  /** KEYS and ARGV of `fair-stamp-7`, in order. */
  quarryFairStamp(...keysThenArgs: Arg[]): Promise<number[]>;
  quarryPauseQueue(meta: string, limiter: string, pauseMs: number, sentinel: string): Promise<number>;
  quarryLiftQueuePause(meta: string, limiter: string, sentinel: string): Promise<number>;
  /** KEYS and ARGV of `tenant-admit-5`, in order. */
  quarryTenantAdmit(...keysThenArgs: Arg[]): Promise<string>;
  /** KEYS and ARGV of `tenant-spend-3`, in order. */
  quarryTenantSpend(...keysThenArgs: Arg[]): Promise<number>;
  /** KEYS and ARGV of `tenant-release-4`, in order. */
  quarryTenantRelease(...keysThenArgs: Arg[]): Promise<string | null>;
}

/** The scripts as commands of a MULTI or pipeline started on a client that has them. */
export interface QuarryScriptTransaction extends ChainableCommander {
  quarryWriteAttemptLog(logKey: string, ...lines: string[]): QuarryScriptTransaction;
  /** KEYS and ARGV of `index-dlq-record-14`, in order. */
  quarryIndexDlqRecord(...keysAndArgs: Arg[]): QuarryScriptTransaction;
  quarryReadDlqGroup(group: string, byFingerprint: string, entries: string): QuarryScriptTransaction;
}

/**
 * Registers every Quarry script on `redis` (ioredis `defineCommand`, once per client: EVALSHA with a
 * fallback to EVAL, also inside MULTI) and returns the client typed with them.
 */
export function withQuarryScripts<T extends RedisClient>(redis: T): T & QuarryScriptCommands {
  const commands = redis as T & Partial<Record<string, unknown>>;
  for (const { name, numberOfKeys, lua, readOnly } of quarryScripts) {
    if (typeof commands[name] !== 'function')
      redis.defineCommand(name, { ...(numberOfKeys === null ? {} : { numberOfKeys }), lua, readOnly });
  }
  return redis as T & QuarryScriptCommands;
}
