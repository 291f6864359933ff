import type { AttemptRecord } from '../attempts/attempt-record';
import { costOf } from '../cost/cost-of';
import type { ModelRequest } from '../model/model-request';
import { emptyUsage } from '../model/usage';
import type { ModelTable } from '../models/model-spec';
import { pacingDraw } from '../pacing/pacing-draw';
import { attemptTotals, tokensOf } from './attempt-totals';
import type { ExtractBudget } from './extract-options';

/**
 * Why the next call would break the job's budget, or null when it fits. The next call is estimated
 * as using what the previous one did, or, for the first, the whole request's input as the pacer
 * estimates it (`pacingDraw`: about four characters a token times the tokenizer factor, a PDF or
 * an image at its `estimatedTokens`, never the length of its base64 bytes), priced at the model
 * it asks (a stronger model of the ladder costs more than the attempt before). A cost budget is
 * not enforced while some cost is unknown. The reason names what was spent so far.
 */
export function budgetOverrun(options: {
  readonly budget: ExtractBudget | undefined;
  readonly records: readonly AttemptRecord[];
  readonly request: ModelRequest;
  readonly models: ModelTable;
}): string | null {
  const { budget, records, request } = options;
  if (!budget) return null;
  const previous = records.at(-1);
  const estimate = previous
    ? previous.usage
    : {
        ...emptyUsage(),
        inputTokens: pacingDraw({ request, attempt: 1, models: options.models }).inputTokens,
      };
  const spent = attemptTotals(records);
  const spentTokens = tokensOf(spent.usage);
  const calls = `${records.length} model call${records.length === 1 ? '' : 's'}`;
  const cost = spent.costUsd === null ? 'unknown cost' : `$${spent.costUsd.toFixed(4)}`;
  const spentSoFar = `Budget exhausted after ${calls} (${spentTokens} tokens, ${cost} spent)`;
  if (budget.maxTotalTokens !== undefined) {
    const projected = spentTokens + tokensOf(estimate);
    if (projected > budget.maxTotalTokens) {
      return `${spentSoFar}: the next call would bring the job to about ${projected} tokens, over its budget of ${budget.maxTotalTokens}`;
    }
  }
  if (budget.maxCostUsd !== undefined && spent.costUsd !== null) {
    const next = costOf({ usage: estimate, model: request.model, models: options.models });
    if (next !== null && spent.costUsd + next > budget.maxCostUsd) {
      return `${spentSoFar}: the next call would bring the job to about $${(spent.costUsd + next).toFixed(4)}, over its budget of $${budget.maxCostUsd}`;
    }
  }
  return null;
}
