import { type ModelPrice, priceOf, type Usage } from '@quarry/core';

/**
 * Usage in billed input-token equivalents: input tokens, cache writes at their price (1.25× input),
 * cache reads at theirs (0.1× input) and output tokens at theirs (5× input for Sonnet), each relative
 * to the model's input price.
 * @throws Error when the model has no price.
 */
export function billedTokens(usage: Usage, model: string): number {
  const price: ModelPrice | null = priceOf(model);
  if (!price) throw new Error(`No price is known for model "${model}"`);
  return (
    usage.inputTokens +
    (usage.cacheCreationInputTokens * price.cacheWrite +
      usage.cacheReadInputTokens * price.cacheRead +
      usage.outputTokens * price.output) /
      price.input
  );
}
