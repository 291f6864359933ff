import { costOf, type ModelTable, type Usage } from '@quarry/core';
import type { CacheCreation, MessageResponse } from './messages-wire';

/**
 * What the Message Batches API bills of the standard price: 50 % of every token price (input,
 * output, cache writes and reads alike, so the cache multipliers apply on top of the halved base).
 */
export const batchPriceFactor = 0.5;

/** Messages billed in one lane and what they cost (`costUsd` at the lane's price). */
export interface BilledUsage {
  messages: number;
  inputTokens: number;
  outputTokens: number;
  cacheCreationInputTokens: number;
  cacheReadInputTokens: number;
  /** USD at the model table's prices (halved in the batch lane); messages of unpriced models add nothing. */
  costUsd: number;
  /** Messages whose model (or a fallback hop's model) has no price in the model table. */
  unpricedMessages: number;
}

export const emptyBilledUsage = (): BilledUsage => ({
  messages: 0,
  inputTokens: 0,
  outputTokens: 0,
  cacheCreationInputTokens: 0,
  cacheReadInputTokens: 0,
  costUsd: 0,
  unpricedMessages: 0,
});

interface WireHop {
  readonly model: string;
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly cache_creation_input_tokens: number;
  readonly cache_read_input_tokens: number;
  readonly cache_creation: CacheCreation;
}

const usageOf = (hop: WireHop): Usage => ({
  inputTokens: hop.input_tokens,
  outputTokens: hop.output_tokens,
  cacheCreationInputTokens: hop.cache_creation_input_tokens,
  cacheReadInputTokens: hop.cache_read_input_tokens,
  cacheCreation1hInputTokens: hop.cache_creation.ephemeral_1h_input_tokens,
});

/**
 * Adds a message's usage to `totals`, priced per hop (a fallback-served message is priced by
 * `usage.iterations`, each hop at its own model) and multiplied by `priceFactor`.
 */
export function addBilledUsage(
  totals: BilledUsage,
  message: MessageResponse,
  options: { readonly models: ModelTable; readonly priceFactor: number },
): void {
  const { usage } = message;
  totals.messages++;
  totals.inputTokens += usage.input_tokens;
  totals.outputTokens += usage.output_tokens;
  totals.cacheCreationInputTokens += usage.cache_creation_input_tokens;
  totals.cacheReadInputTokens += usage.cache_read_input_tokens;
  const hops: readonly WireHop[] = usage.iterations ?? [{ ...usage, model: message.model }];
  let cost = 0;
  for (const hop of hops) {
    const hopCost = costOf({ usage: usageOf(hop), model: hop.model, models: options.models });
    if (hopCost === null) {
      totals.unpricedMessages++;
      return;
    }
    cost += hopCost;
  }
  totals.costUsd += cost * options.priceFactor;
}
