import { z } from 'zod';

/** USD per million tokens of each kind. */
export const ModelPrice = z.object({
  input: z.number().nonnegative(),
  output: z.number().nonnegative(),
  cacheWrite: z.number().nonnegative(),
  cacheRead: z.number().nonnegative(),
});
export type ModelPrice = z.infer<typeof ModelPrice>;

/** Prices by model id. A model id matches an entry by exact name or by prefix (`claude-sonnet-4-5-20250929` → `claude-sonnet-4-5`). */
export const PriceTable = z.record(z.string(), ModelPrice);
export type PriceTable = z.infer<typeof PriceTable>;

/**
 * List prices (USD per million tokens) by model family; an id matches its longest prefix, so
 * `claude-sonnet-4-6` is priced as `claude-sonnet-4`. Cache writes are 1.25× input, cache reads 0.1× input.
 * Check them against the provider's current price list and override through config when they differ.
 */
export const defaultPriceTable: PriceTable = {
  'claude-opus-4': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 },
  'claude-opus-4-0': { input: 15, output: 75, cacheWrite: 18.75, cacheRead: 1.5 },
  'claude-opus-4-1': { input: 15, output: 75, cacheWrite: 18.75, cacheRead: 1.5 },
  'claude-opus-4-20250514': { input: 15, output: 75, cacheWrite: 18.75, cacheRead: 1.5 },
  'claude-sonnet-4': { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 },
  'claude-haiku-4-5': { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 },
  'claude-3-5-haiku': { input: 0.8, output: 4, cacheWrite: 1, cacheRead: 0.08 },
};
