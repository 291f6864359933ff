import { type AttemptRecord, uniqueSignatures } from '@quarry/core';
import type { Logger } from 'pino';

/** Logs `attempt saved` with what a saved attempt's record says of it (counts and names, never its text). */
export function logAttempt(log: Logger, record: AttemptRecord): void {
  log.info(
    {
      n: record.n,
      issues: record.issues.length,
      signatures: uniqueSignatures(record.issues),
      stopReason: record.stopReason,
      refusalCategory: record.refusalCategory ?? undefined,
      effort: record.effort ?? undefined,
      model: record.model,
      climb: record.climb ?? undefined,
      lane: record.lane,
      lanePromotion: record.lanePromotion?.reason,
      fallbackFrom: record.fallbackFrom ?? undefined,
      cacheMissReason: record.cacheMissReason ?? undefined,
      durationMs: record.durationMs,
      requestId: record.requestId,
    },
    'attempt saved',
  );
}
