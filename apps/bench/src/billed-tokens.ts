import { defaultModelTable, type ModelTable, modelSpecOf, type Usage } from '@quarry/core';

/**
 * Usage in billed input-token equivalents: input tokens, cache writes at their price (1.25× input
 * for 5-minute writes, 2× for 1-hour ones), cache reads at theirs (0.1× input on most models) and
 * output tokens at theirs (5× input), each relative to the model's input price. Base prices: the
 * bench's prompts stay below every tier threshold.
 * @throws Error when the model has no entry in `models`.
 */
export function billedTokens(usage: Usage, model: string, models: ModelTable = defaultModelTable): number {
  const spec = modelSpecOf(model, models);
  if (!spec) throw new Error(`No price is known for model ${JSON.stringify(model)}`);
  const { prices } = spec;
  const oneHour = Math.min(usage.cacheCreation1hInputTokens ?? 0, usage.cacheCreationInputTokens);
  return (
    usage.inputTokens +
    ((usage.cacheCreationInputTokens - oneHour) * prices.cacheWrite5m +
      oneHour * prices.cacheWrite1h +
      usage.cacheReadInputTokens * prices.cacheRead +
      usage.outputTokens * prices.output) /
      prices.input
  );
}
