/**
 * About how many tokens `text` counts: four characters a token, times the model's tokenizer factor
 * (1.3 for the newer tokenizer), rounded up. The same estimate as the stand-in's; good enough to
 * tell a prefix far from the minimum cacheable length from one close to it.
 */
export function estimateTokens(text: string, tokenizerFactor = 1): number {
  return Math.ceil((text.length / 4) * tokenizerFactor);
}
