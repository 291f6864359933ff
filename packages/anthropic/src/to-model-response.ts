import type { Message } from '@anthropic-ai/sdk/resources/messages';
import type { ModelResponse, ResponsePart } from '@quarry/core';

/**
 * Translates a Messages API reply to a {@link ModelResponse}: text and tool_use blocks in order
 * (other block types carry no answer and are left out), the stop reason as sent, and usage with
 * absent cache counts as 0. The 1-hour part of the cache writes comes from `cache_creation` when
 * the reply has it (a whole number, at most every write; anything else is left out).
 */
export function toModelResponse(options: {
  readonly message: Message;
  /** The `request-id` response header. */
  readonly requestId: string | null | undefined;
}): ModelResponse {
  const { message } = options;
  const content: ResponsePart[] = [];
  for (const block of message.content) {
    if (block.type === 'text') content.push({ type: 'text', text: block.text });
    else if (block.type === 'tool_use')
      content.push({ type: 'tool_call', id: block.id, name: block.name, input: block.input });
  }
  const cacheCreationInputTokens = message.usage.cache_creation_input_tokens ?? 0;
  const oneHour = message.usage.cache_creation?.ephemeral_1h_input_tokens;
  const oneHourValid = typeof oneHour === 'number' && Number.isSafeInteger(oneHour) && oneHour >= 0;
  return {
    content,
    stopReason: message.stop_reason,
    usage: {
      inputTokens: message.usage.input_tokens,
      outputTokens: message.usage.output_tokens,
      cacheCreationInputTokens,
      cacheReadInputTokens: message.usage.cache_read_input_tokens ?? 0,
      ...(oneHourValid ? { cacheCreation1hInputTokens: Math.min(oneHour, cacheCreationInputTokens) } : {}),
    },
    requestId: options.requestId ?? null,
    model: message.model,
  };
}
