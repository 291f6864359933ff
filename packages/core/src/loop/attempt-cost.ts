import { costOf } from '../cost/cost-of';
import type { PriceTable } from '../cost/price-table';
import type { ModelResponse } from '../model/model-response';
import type { ExtractWarning } from './extract-options';

/** Options of {@link attemptCost}. */
export interface AttemptCostOptions {
  readonly response: ModelResponse;
  /** The model the reply is priced by when it names no usage per model. */
  readonly model: string;
  readonly prices: PriceTable;
  readonly onWarning: (warning: ExtractWarning) => void;
}

/**
 * What one reply cost: its usage priced by the model that answered, or, when several models served
 * the call (a refusal, then a server-side fallback), each model's usage at its own price. Null when
 * some model has no known price.
 */
export function attemptCost(options: AttemptCostOptions): number | null {
  const { response, prices, onWarning } = options;
  const parts =
    response.usageByModel && response.usageByModel.length > 0
      ? response.usageByModel
      : [{ model: options.model, usage: response.usage }];
  let total = 0;
  for (const part of parts) {
    const cost = costOf({ usage: part.usage, model: part.model, prices, onWarning });
    if (cost === null) return null;
    total += cost;
  }
  return total;
}
