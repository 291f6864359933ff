import type { ChainableCommander } from 'ioredis';
import type { RedisClient } from '../redis-connection';
import { acquireLease1 } from './acquire-lease-1';
import { parkBatchEntry4 } from './park-batch-entry-4';
import type { QuarryScript } from './quarry-script';
import { readHistory2 } from './read-history-2';
import { recordHistory2 } from './record-history-2';
import { requeueBatchEntries5 } from './requeue-batch-entries-5';
import { saveBatchId8 } from './save-batch-id-8';
import { settleBatchEntry4 } from './settle-batch-entry-4';
import { takeBatchIntent5 } from './take-batch-intent-5';
import { unindexDlq1 } from './unindex-dlq-1';
import { writeAttemptLog1 } from './write-attempt-log-1';

/** Every Lua script Quarry runs; each becomes a command of the same name on a client. */
export const quarryScripts: readonly QuarryScript[] = [
  readHistory2,
  recordHistory2,
  unindexDlq1,
  writeAttemptLog1,
  acquireLease1,
  parkBatchEntry4,
  takeBatchIntent5,
  saveBatchId8,
  settleBatchEntry4,
  requeueBatchEntries5,
];

type Arg = string | number;

/** The scripts as commands of a client ({@link withQuarryScripts}); keys first, then the script's ARGV. */
export interface QuarryScriptCommands {
  quarryHistoryRead(scores: string, details: string, limit: number): Promise<(string | null)[]>;
  quarryHistoryRecord(scores: string, details: string, ...args: Arg[]): Promise<number>;
  quarryUnindexDlq(dlqIndex: string, sourceJobId: string, dlqId: string): Promise<number>;
  quarryWriteAttemptLog(logKey: string, ...lines: string[]): Promise<number>;
  quarryAcquireLease(lease: string, owner: string, ttlMs: number): Promise<number>;
  quarryParkBatchEntry(...keysThenArgs: Arg[]): Promise<string>;
  quarryTakeBatchIntent(...keysThenArgs: Arg[]): Promise<string[]>;
  quarrySaveBatchId(...keysThenArgs: Arg[]): Promise<number>;
  quarrySettleBatchEntry(...keysThenArgs: Arg[]): Promise<string>;
  quarryRequeueBatchEntries(...keysThenArgs: Arg[]): Promise<string[]>;
}

/** The scripts as commands of a MULTI or pipeline started on a client that has them. */
export interface QuarryScriptTransaction extends ChainableCommander {
  quarryWriteAttemptLog(logKey: string, ...lines: string[]): QuarryScriptTransaction;
}

/**
 * Registers every Quarry script on `redis` (ioredis `defineCommand`, once per client: EVALSHA with a
 * fallback to EVAL, also inside MULTI) and returns the client typed with them.
 */
export function withQuarryScripts<T extends RedisClient>(redis: T): T & QuarryScriptCommands {
  const commands = redis as T & Partial<Record<string, unknown>>;
  for (const { name, numberOfKeys, lua, readOnly } of quarryScripts) {
    if (typeof commands[name] !== 'function') redis.defineCommand(name, { numberOfKeys, lua, readOnly });
  }
  return redis as T & QuarryScriptCommands;
}
