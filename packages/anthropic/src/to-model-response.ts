import type { BetaMessage } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import {
  cacheMissReasonOf,
  type ModelResponse,
  type ResponsePart,
  refusalCategoryOf,
  type Usage,
} from '@quarry/core';
import { oneHourWrites } from './one-hour-writes';
import { tokenCount } from './token-count';
import { usageByModelOf } from './usage-by-model';

/** A message id worth sending back: the API's `msg_…` shape, bounded. */
const MESSAGE_ID = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * Translates a Messages API reply (or a beta one, when fallbacks were asked for) to a
 * {@link ModelResponse}: text, tool_use and thinking blocks in order (thinking blocks come before
 * the answer and readers of the answer skip them; other block types carry no answer and are left
 * out), the stop reason as sent, the refusal's category, the cache-miss reason of the request's
 * diagnostics, the message id, and usage with absent cache counts as 0. The 1-hour part of the
 * cache writes comes from `cache_creation` when the reply has it (a whole number, at most every
 * write; anything else is left out). Thinking tokens come from
 * `usage.output_tokens_details.thinking_tokens`, else, when the reply holds thinking blocks, from
 * their text at about 4 characters a token; either way never more than the output tokens they are
 * part of. A reply served by a server-side fallback model names the model asked for
 * (`fallbackFrom`) and the usage of each model that served it.
 */
export function toModelResponse(options: {
  readonly message: Message | BetaMessage;
  /** The `request-id` response header. */
  readonly requestId: string | null | undefined;
  /** The model the request named. Default: the reply's. */
  readonly requestedModel?: string;
}): ModelResponse {
  const { message } = options;
  const content: ResponsePart[] = [];
  let thinkingCharacters = 0;
  for (const block of message.content) {
    if (block.type === 'text') content.push({ type: 'text', text: block.text });
    else if (block.type === 'tool_use')
      content.push({ type: 'tool_call', id: block.id, name: block.name, input: block.input });
    else if (block.type === 'thinking') {
      content.push({ type: 'thinking', text: block.thinking });
      thinkingCharacters += block.thinking.length;
    } else if (block.type === 'redacted_thinking') content.push({ type: 'thinking', text: '' });
  }
  const outputTokens = tokenCount(message.usage.output_tokens);
  const reported = message.usage.output_tokens_details?.thinking_tokens;
  const hasThinking = content.some((part) => part.type === 'thinking');
  const thinkingTokens =
    reported !== undefined && reported !== null
      ? Math.min(tokenCount(reported), outputTokens)
      : hasThinking
        ? Math.min(Math.ceil(thinkingCharacters / 4), outputTokens)
        : undefined;
  const cacheCreationInputTokens = tokenCount(message.usage.cache_creation_input_tokens ?? 0);
  const oneHour = oneHourWrites(message.usage.cache_creation, cacheCreationInputTokens);
  const usage: Usage = {
    inputTokens: tokenCount(message.usage.input_tokens),
    outputTokens,
    cacheCreationInputTokens,
    cacheReadInputTokens: tokenCount(message.usage.cache_read_input_tokens ?? 0),
    ...(oneHour === undefined ? {} : { cacheCreation1hInputTokens: oneHour }),
    ...(thinkingTokens === undefined ? {} : { thinkingTokens }),
  };
  const requestedModel = options.requestedModel ?? message.model;
  const byModel =
    'iterations' in message.usage ? usageByModelOf(message.usage.iterations, requestedModel) : null;
  return {
    content,
    stopReason: message.stop_reason,
    usage,
    requestId: options.requestId ?? null,
    model: message.model,
    messageId: typeof message.id === 'string' && MESSAGE_ID.test(message.id) ? message.id : null,
    refusalCategory:
      message.stop_reason === 'refusal' ? refusalCategoryOf(message.stop_details?.category) : null,
    cacheMissReason: cacheMissReasonOf(message.diagnostics?.cache_miss_reason?.type),
    fallbackFrom: byModel?.servedByFallback ? requestedModel : null,
    ...(byModel?.servedByFallback ? { usageByModel: byModel.parts } : {}),
    // A Message Batches result is billed in the batch lane, at half price.
    ...(message.usage.service_tier === 'batch' ? { lane: 'batch' as const } : {}),
  };
}
