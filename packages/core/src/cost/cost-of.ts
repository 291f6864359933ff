import type { Lane } from '../lane/lane';
import { lanePriceFactor } from '../lane/lane-price-factor';
import type { ExtractWarning } from '../loop/extract-options';
import type { Usage } from '../model/usage';
import { defaultModelTable } from '../models/default-model-table';
import type { ModelTable } from '../models/model-spec';
import { modelSpecOf } from '../models/model-spec-of';
import { requestCost } from './request-prices';

/** Options of {@link costOf}. */
export interface CostOfOptions {
  /** The usage of ONE request (tiers apply per request). */
  readonly usage: Usage;
  /** Model id as the provider reported it, e.g. `claude-sonnet-4-5-20250929`. */
  readonly model: string;
  /** Default {@link defaultModelTable}. */
  readonly models?: ModelTable;
  /** Told `unknown_model_price` when no entry matches. */
  readonly onWarning?: (warning: ExtractWarning) => void;
  /** The lane that served the request: the batch lane pays half of every price. Default `realtime`. */
  readonly lane?: Lane;
}

/**
 * USD cost of one request from the model table (tiers and both cache TTLs included, then the lane's
 * factor: half in the batch lane, cache multipliers applying on top of it), or null with
 * an `unknown_model_price` warning when the model has no entry.
 */
export function costOf(options: CostOfOptions): number | null {
  const spec = modelSpecOf(options.model, options.models ?? defaultModelTable);
  if (!spec) {
    options.onWarning?.({
      code: 'unknown_model_price',
      message: `No price is known for model ${JSON.stringify(options.model)}; its cost is reported as null`,
      model: options.model,
    });
    return null;
  }
  return requestCost(spec, options.usage) * lanePriceFactor(options.lane ?? 'realtime');
}
