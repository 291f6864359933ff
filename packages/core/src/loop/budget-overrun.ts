import type { AttemptRecord } from '../attempts/attempt-record';
import { costOf } from '../cost/cost-of';
import type { ModelRequest } from '../model/model-request';
import { emptyUsage } from '../model/usage';
import type { ModelTable } from '../models/model-spec';
import { attemptTotals, tokensOf } from './attempt-totals';
import type { ExtractOptions } from './extract-options';

/**
 * Why the next call would break the job's budget, or null when it fits. The next call is estimated
 * as using what the previous one did, or about one token per 4 characters of the request for the first.
 * A cost budget is not enforced while some cost is unknown.
 */
export function budgetOverrun(options: {
  readonly budget: ExtractOptions['budget'];
  readonly records: readonly AttemptRecord[];
  readonly request: ModelRequest;
  readonly models: ModelTable;
}): string | null {
  const { budget, records, request } = options;
  if (!budget) return null;
  const previous = records.at(-1);
  const estimate = previous
    ? previous.usage
    : { ...emptyUsage(), inputTokens: Math.ceil(JSON.stringify(request).length / 4) };
  const spent = attemptTotals(records);
  if (budget.maxTotalTokens !== undefined) {
    const projected = tokensOf(spent.usage) + tokensOf(estimate);
    if (projected > budget.maxTotalTokens) {
      return `The next call would bring the job to about ${projected} tokens, over its budget of ${budget.maxTotalTokens}`;
    }
  }
  if (budget.maxCostUsd !== undefined && spent.costUsd !== null) {
    const next = costOf({ usage: estimate, model: previous?.model ?? request.model, models: options.models });
    if (next !== null && spent.costUsd + next > budget.maxCostUsd) {
      return `The next call would bring the job to about $${(spent.costUsd + next).toFixed(4)}, over its budget of $${budget.maxCostUsd}`;
    }
  }
  return null;
}
