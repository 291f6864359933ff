import type { AttemptRecord } from '@quarry/core';
import type { DlqTotals } from './dlq-record';

/** Sums the usage, cost and model time of some attempts. Cost is null when any attempt's cost is unknown. */
export function dlqTotals(attempts: readonly AttemptRecord[]): DlqTotals {
  let costUsd: number | null = 0;
  const totals = {
    modelCalls: attempts.length,
    inputTokens: 0,
    outputTokens: 0,
    cacheReadInputTokens: 0,
    cacheCreationInputTokens: 0,
    durationMs: 0,
  };
  for (const attempt of attempts) {
    totals.inputTokens += attempt.usage.inputTokens;
    totals.outputTokens += attempt.usage.outputTokens;
    totals.cacheReadInputTokens += attempt.usage.cacheReadInputTokens;
    totals.cacheCreationInputTokens += attempt.usage.cacheCreationInputTokens;
    totals.durationMs += attempt.durationMs;
    costUsd = costUsd === null || attempt.costUsd === null ? null : costUsd + attempt.costUsd;
  }
  return { ...totals, costUsd };
}
