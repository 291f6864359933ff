import type { Message } from '@anthropic-ai/sdk/resources/messages';
import type { ModelResponse, ResponsePart } from '@quarry/core';

/**
 * Translates a Messages API reply to a {@link ModelResponse}: text and tool_use blocks in order
 * (other block types carry no answer and are left out), the stop reason as sent, and usage with
 * absent cache counts as 0.
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
  return {
    content,
    stopReason: message.stop_reason,
    usage: {
      inputTokens: message.usage.input_tokens,
      outputTokens: message.usage.output_tokens,
      cacheCreationInputTokens: message.usage.cache_creation_input_tokens ?? 0,
      cacheReadInputTokens: message.usage.cache_read_input_tokens ?? 0,
    },
    requestId: options.requestId ?? null,
    model: message.model,
  };
}
