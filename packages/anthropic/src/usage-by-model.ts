import type { BetaIterationsUsage } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { Usage } from '@quarry/core';
import { oneHourWrites } from './one-hour-writes';
import { tokenCount } from './token-count';

/** Usage per model of one call, and whether a fallback model served its answer. */
export interface UsageByModel {
  readonly parts: readonly { readonly model: string; readonly usage: Usage }[];
  /** True when `usage.iterations` holds a `fallback_message` entry (how the API says a fallback served). */
  readonly servedByFallback: boolean;
}

const MODEL_ID = /^[A-Za-z0-9._:@/-]{1,200}$/;

/**
 * Reads `usage.iterations` of a beta reply: each `message` (a declined hop, or a sampling iteration)
 * and `fallback_message` (the fallback model's answer) entry as usage of its model (the model asked
 * for when the entry names none), with its 1-hour cache writes when the entry splits them by TTL.
 * Other entry types (compaction, advisor) are billed apart and left out. Null when there are no
 * such entries.
 */
export function usageByModelOf(
  iterations: BetaIterationsUsage | null | undefined,
  requestedModel: string,
): UsageByModel | null {
  if (!Array.isArray(iterations)) return null;
  const parts: { model: string; usage: Usage }[] = [];
  let servedByFallback = false;
  for (const entry of iterations) {
    if (entry.type !== 'message' && entry.type !== 'fallback_message') continue;
    if (entry.type === 'fallback_message') servedByFallback = true;
    const model =
      typeof entry.model === 'string' && MODEL_ID.test(entry.model) ? entry.model : requestedModel;
    const writes = tokenCount(entry.cache_creation_input_tokens);
    const oneHour = oneHourWrites(entry.cache_creation, writes);
    parts.push({
      model,
      usage: {
        inputTokens: tokenCount(entry.input_tokens),
        outputTokens: tokenCount(entry.output_tokens),
        cacheCreationInputTokens: writes,
        cacheReadInputTokens: tokenCount(entry.cache_read_input_tokens),
        ...(oneHour === undefined ? {} : { cacheCreation1hInputTokens: oneHour }),
      },
    });
  }
  return parts.length === 0 ? null : { parts, servedByFallback };
}
