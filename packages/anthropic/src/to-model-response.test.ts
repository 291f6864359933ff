import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { describe, expect, it } from 'vitest';
import { sdkMessage as message } from './test-fixtures/sdk-message';
import { toModelResponse } from './to-model-response';

describe('toModelResponse', () => {
  it('keeps thinking, text and tool_use blocks in order, with thinking tokens estimated from thinking text when not reported', () => {
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
        { type: 'thinking', text: 'hmm' },
        { type: 'text', text: 'Here it is.' },
        { type: 'tool_call', id: 'toolu_1', name: 'record_invoice', input: { total: 3 } },
      ],
      stopReason: 'tool_use',
      usage: {
        inputTokens: 120,
        outputTokens: 30,
        cacheCreationInputTokens: 0,
        cacheReadInputTokens: 0,
        thinkingTokens: 1,
      },
      requestId: 'req_abc',
      model: 'claude-test-1',
      messageId: 'msg_1',
      refusalCategory: null,
      cacheMissReason: null,
      fallbackFrom: null,
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

  it('takes thinking tokens from output_tokens_details, never above the output tokens', () => {
    const base = message({});
    const reported = (thinking_tokens: number) =>
      toModelResponse({
        message: { ...base, usage: { ...base.usage, output_tokens_details: { thinking_tokens } } },
        requestId: 'req_1',
      }).usage.thinkingTokens;
    expect(reported(20)).toBe(20);
    expect(reported(500)).toBe(30);
    expect(reported(-4)).toBe(0);
    expect(reported(2.5)).toBe(0);
  });

  it('row 80: a refusal category, cache-miss reason or message id the build does not know -> reads the refusal category, mapping one it does not know to other', () => {
    const refusal = (category: string | null) =>
      toModelResponse({
        message: message({
          stop_reason: 'refusal',
          stop_details: { type: 'refusal', category, explanation: null } as Message['stop_details'],
        }),
        requestId: 'req_1',
      }).refusalCategory;
    expect(refusal('cyber')).toBe('cyber');
    expect(refusal('reasoning_extraction')).toBe('reasoning_extraction');
    expect(refusal('weapons_of_the_future')).toBe('other');
    expect(refusal(null)).toBeNull();
  });

  it('reads the cache-miss reason of the diagnostics, and keeps only a message id of the API shape', () => {
    const reason = toModelResponse({
      message: message({
        id: 'msg_<script>',
        diagnostics: { cache_miss_reason: { type: 'system_changed', cache_missed_input_tokens: 900 } },
      }),
      requestId: 'req_1',
    });
    expect(reason.cacheMissReason).toBe('system_changed');
    expect(reason.messageId).toBeNull();
    const pending = toModelResponse({
      message: message({ diagnostics: { cache_miss_reason: null } }),
      requestId: 'req_1',
    });
    expect(pending.cacheMissReason).toBeNull();
    const unknown = toModelResponse({
      message: message({
        diagnostics: { cache_miss_reason: { type: 'moon_phase' } } as unknown as Message['diagnostics'],
      }),
      requestId: 'req_1',
    });
    expect(unknown.cacheMissReason).toBe('other');
  });

  it('row 69: carries the 1-hour part of the cache writes when the reply splits them by TTL', () => {
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
