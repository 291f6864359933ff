import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { describe, expect, it } from 'vitest';
import { toModelResponse } from './to-model-response';

const message = (overrides: Partial<Message>): Message => ({
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

describe('toModelResponse', () => {
  it('keeps text and tool_use blocks in order and leaves out blocks that carry no answer', () => {
    const response = toModelResponse({
      message: message({
        stop_reason: 'tool_use',
        content: [
          { type: 'thinking', thinking: 'hmm', signature: 'sig' },
          { type: 'text', text: 'Here it is.', citations: null },
          {
            type: 'tool_use',
            id: 'toolu_1',
            name: 'record_invoice',
            input: { total: 3 },
            caller: { type: 'direct' },
          },
        ],
      }),
      requestId: 'req_abc',
    });
    expect(response).toEqual({
      content: [
        { type: 'text', text: 'Here it is.' },
        { type: 'tool_call', id: 'toolu_1', name: 'record_invoice', input: { total: 3 } },
      ],
      stopReason: 'tool_use',
      usage: { inputTokens: 120, outputTokens: 30, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
      requestId: 'req_abc',
      model: 'claude-test-1',
    });
  });

  it('carries cache counts, the stop reason as sent and a missing request id as null', () => {
    const base = message({});
    const response = toModelResponse({
      message: {
        ...base,
        stop_reason: 'refusal',
        usage: { ...base.usage, cache_creation_input_tokens: 900, cache_read_input_tokens: 4000 },
      },
      requestId: undefined,
    });
    expect(response.stopReason).toBe('refusal');
    expect(response.usage).toEqual({
      inputTokens: 120,
      outputTokens: 30,
      cacheCreationInputTokens: 900,
      cacheReadInputTokens: 4000,
    });
    expect(response.requestId).toBeNull();
  });

  it('carries the 1-hour part of the cache writes when the reply splits them by TTL', () => {
    const base = message({});
    const split = (ephemeral_1h_input_tokens: number, ephemeral_5m_input_tokens: number) =>
      toModelResponse({
        message: {
          ...base,
          usage: {
            ...base.usage,
            cache_creation_input_tokens: 900,
            cache_creation: { ephemeral_1h_input_tokens, ephemeral_5m_input_tokens },
          },
        },
        requestId: 'req_1',
      }).usage;
    expect(split(600, 300)).toEqual({
      inputTokens: 120,
      outputTokens: 30,
      cacheCreationInputTokens: 900,
      cacheReadInputTokens: 0,
      cacheCreation1hInputTokens: 600,
    });
    expect(split(0, 900).cacheCreation1hInputTokens).toBe(0);
    // Never more 1-hour writes than writes; nonsense is left out rather than trusted.
    expect(split(5000, 0).cacheCreation1hInputTokens).toBe(900);
    expect(split(-1, 0)).not.toHaveProperty('cacheCreation1hInputTokens');
    expect(split(1.5, 0)).not.toHaveProperty('cacheCreation1hInputTokens');
  });
});
