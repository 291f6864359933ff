import type { AttemptRecord } from '../attempts/attempt-record';
import { addUsage, emptyUsage, type Usage } from '../model/usage';

/** Usage and cost summed over attempts; cost is null as soon as one attempt's cost is unknown. */
export function attemptTotals(records: readonly AttemptRecord[]): { usage: Usage; costUsd: number | null } {
  return {
    usage: records.reduce((sum, record) => addUsage(sum, record.usage), emptyUsage()),
    costUsd: records.reduce<number | null>(
      (sum, record) => (sum === null || record.costUsd === null ? null : sum + record.costUsd),
      0,
    ),
  };
}

/** Every token of a usage, cached or not. */
export function tokensOf(usage: Usage): number {
  return usage.inputTokens + usage.outputTokens + usage.cacheCreationInputTokens + usage.cacheReadInputTokens;
}
