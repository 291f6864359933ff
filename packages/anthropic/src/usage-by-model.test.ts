import { describe, expect, it } from 'vitest';
import { usageByModelOf } from './usage-by-model';

const hop = (type: 'message' | 'fallback_message', model: string | null, input: number, output: number) => ({
  type,
  model,
  input_tokens: input,
  output_tokens: output,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  cache_creation: null,
});

describe('usageByModelOf', () => {
  it('reads each hop of a fallback-served call as usage of its model', () => {
    const read = usageByModelOf(
      [hop('message', null, 900, 3), hop('fallback_message', 'claude-opus-4-8', 1200, 250)] as never,
      'claude-fable-5-1',
    );
    expect(read).toEqual({
      servedByFallback: true,
      parts: [
        {
          model: 'claude-fable-5-1',
          usage: { inputTokens: 900, outputTokens: 3, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
        },
        {
          model: 'claude-opus-4-8',
          usage: {
            inputTokens: 1200,
            outputTokens: 250,
            cacheCreationInputTokens: 0,
            cacheReadInputTokens: 0,
          },
        },
      ],
    });
  });

  it('reads the 1-hour cache writes of each hop, never more than its writes', () => {
    const read = usageByModelOf(
      [
        {
          ...hop('message', null, 900, 3),
          cache_creation_input_tokens: 800,
          cache_creation: { ephemeral_1h_input_tokens: 800, ephemeral_5m_input_tokens: 0 },
        },
        {
          ...hop('fallback_message', 'claude-opus-4-8', 1200, 250),
          cache_creation_input_tokens: 100,
          cache_creation: { ephemeral_1h_input_tokens: 5000, ephemeral_5m_input_tokens: 0 },
        },
      ] as never,
      'claude-fable-5-1',
    );
    expect(read?.parts.map((part) => part.usage.cacheCreation1hInputTokens)).toEqual([800, 100]);
  });

  it('says no fallback served when there is no fallback_message, and nothing without iterations', () => {
    expect(usageByModelOf([hop('message', 'claude-fable-5-1', 10, 1)] as never, 'x')?.servedByFallback).toBe(
      false,
    );
    expect(usageByModelOf(null, 'x')).toBeNull();
    expect(
      usageByModelOf([{ type: 'compaction', input_tokens: 5, output_tokens: 5 }] as never, 'x'),
    ).toBeNull();
  });

  it('counts bad token numbers as 0 and a bad model id as the model asked for', () => {
    const read = usageByModelOf(
      [
        { ...hop('fallback_message', 'bad model\\n', 10, 1), input_tokens: -5, output_tokens: 'many' },
      ] as never,
      'claude-fable-5-1',
    );
    expect(read?.parts[0]).toEqual({
      model: 'claude-fable-5-1',
      usage: { inputTokens: 0, outputTokens: 0, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
    });
  });
});
