import type { Message } from '@anthropic-ai/sdk/resources/messages';

/** Test fixture: a complete SDK `Message` (no content, 120 in / 30 out, no cache use), with `overrides`. */
export const sdkMessage = (overrides: Partial<Message> = {}): Message => ({
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-test-1',
  container: null,
  diagnostics: null,
  stop_details: null,
  stop_reason: 'end_turn',
  stop_sequence: null,
  content: [],
  usage: {
    input_tokens: 120,
    output_tokens: 30,
    cache_creation_input_tokens: null,
    cache_read_input_tokens: null,
    cache_creation: null,
    inference_geo: null,
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: null,
    speed: null,
  },
  ...overrides,
});
