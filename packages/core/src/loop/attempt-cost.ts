import { costOf } from '../cost/cost-of';
import type { ModelResponse } from '../model/model-response';
import type { ModelTable } from '../models/model-spec';
import type { ExtractWarning } from './extract-options';

/** Options of {@link attemptCost}. */
export interface AttemptCostOptions {
  readonly response: ModelResponse;
  /** The model the reply is priced by when it names no usage per model. */
  readonly model: string;
  /** The table each model's price comes from. */
  readonly models: ModelTable;
  readonly onWarning: (warning: ExtractWarning) => void;
}

/**
 * What one reply cost: its usage priced by the model that answered, or, when several models served
 * the call (a refusal, then a server-side fallback), each model's usage at its own price from the
 * model table, at the price of the lane that served it. Null when some model has no known price.
 */
export function attemptCost(options: AttemptCostOptions): number | null {
  const { response, models, onWarning } = options;
  const parts =
    response.usageByModel && response.usageByModel.length > 0
      ? response.usageByModel
      : [{ model: options.model, usage: response.usage }];
  let total = 0;
  for (const part of parts) {
    const cost = costOf({
      usage: part.usage,
      model: part.model,
      models,
      onWarning,
      lane: response.lane ?? 'realtime',
    });
    if (cost === null) return null;
    total += cost;
  }
  return total;
}
