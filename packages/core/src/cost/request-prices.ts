import type { Usage } from '../model/usage';
import type { ModelSpec, TokenPrices } from '../models/model-spec';

/** The prompt of one request as tiers count it: input, cache reads and cache writes. */
export const promptTokens = (usage: Usage): number =>
  usage.inputTokens + usage.cacheReadInputTokens + usage.cacheCreationInputTokens;

/**
 * The prices of one request: those of the highest tier whose threshold its prompt exceeds (every
 * token of the request, output included, then costs the tier's price), else the model's own.
 */
export function requestPrices(spec: ModelSpec, usage: Usage): TokenPrices {
  const prompt = promptTokens(usage);
  let prices = spec.prices;
  for (const tier of spec.tiers) if (prompt > tier.aboveInputTokens) prices = tier.prices;
  return prices;
}

/**
 * USD cost of one request's usage on a model: tier prices when its prompt is over a threshold,
 * 1-hour cache writes (`cacheCreation1hInputTokens`, at most every write) at the 1-hour price and
 * the other writes at the 5-minute price. Thinking tokens are part of `outputTokens`.
 */
export function requestCost(spec: ModelSpec, usage: Usage): number {
  const prices = requestPrices(spec, usage);
  const oneHour = Math.min(usage.cacheCreation1hInputTokens ?? 0, usage.cacheCreationInputTokens);
  const fiveMinutes = usage.cacheCreationInputTokens - oneHour;
  return (
    (usage.inputTokens * prices.input +
      usage.outputTokens * prices.output +
      fiveMinutes * prices.cacheWrite5m +
      oneHour * prices.cacheWrite1h +
      usage.cacheReadInputTokens * prices.cacheRead) /
    1_000_000
  );
}
