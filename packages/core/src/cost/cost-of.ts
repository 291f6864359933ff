import type { ExtractWarning } from '../loop/extract-options';
import type { Usage } from '../model/usage';
import { defaultPriceTable, type ModelPrice, type PriceTable } from './price-table';

export interface CostOfOptions {
  readonly usage: Usage;
  /** Model id as the provider reported it, e.g. `claude-sonnet-4-5-20250929`. */
  readonly model: string;
  /** Default {@link defaultPriceTable}. */
  readonly prices?: PriceTable;
  /** Told `unknown_model_price` when no entry matches. */
  readonly onWarning?: (warning: ExtractWarning) => void;
}

/**
 * The price entry of a model id: the exact entry, else the longest entry the id starts with
 * (`claude-sonnet-4-5-20250929` → `claude-sonnet-4-5`, not `claude-sonnet-4`). Null when none matches.
 */
export function priceOf(model: string, prices: PriceTable = defaultPriceTable): ModelPrice | null {
  const exact = prices[model];
  if (exact) return exact;
  let best: string | null = null;
  for (const id of Object.keys(prices)) {
    if (model.startsWith(id) && (best === null || id.length > best.length)) best = id;
  }
  return best === null ? null : (prices[best] ?? null);
}

/** USD cost of some usage, or null (with an `unknown_model_price` warning) when the model has no price. */
export function costOf(options: CostOfOptions): number | null {
  const price = priceOf(options.model, options.prices);
  if (!price) {
    options.onWarning?.({
      code: 'unknown_model_price',
      message: `No price is known for model "${options.model}"; its cost is reported as null`,
      model: options.model,
    });
    return null;
  }
  const { usage } = options;
  return (
    (usage.inputTokens * price.input +
      usage.outputTokens * price.output +
      usage.cacheCreationInputTokens * price.cacheWrite +
      usage.cacheReadInputTokens * price.cacheRead) /
    1_000_000
  );
}
