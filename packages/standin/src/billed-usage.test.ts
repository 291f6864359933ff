import { defaultModelTable } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { addBilledUsage, batchPriceFactor, emptyBilledUsage } from './billed-usage';
import type { MessageResponse, ResponseUsage } from './messages-wire';

const haiku = defaultModelTable['claude-haiku-4-5'];
if (!haiku) throw new Error('the default model table lost claude-haiku-4-5');

const usage: ResponseUsage = {
  input_tokens: 1000,
  output_tokens: 2000,
  cache_creation_input_tokens: 400,
  cache_read_input_tokens: 3000,
  cache_creation: { ephemeral_5m_input_tokens: 300, ephemeral_1h_input_tokens: 100 },
  output_tokens_details: null,
};

const message = (model: string, extra: Partial<ResponseUsage> = {}): MessageResponse => ({
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model,
  content: [],
  stop_reason: 'end_turn',
  stop_sequence: null,
  stop_details: null,
  diagnostics: null,
  usage: { ...usage, ...extra },
});

// The table's list prices for this usage: 5-minute and 1-hour writes at their own multipliers.
const p = haiku.prices;
const standardUsd =
  (1000 * p.input + 2000 * p.output + 300 * p.cacheWrite5m + 100 * p.cacheWrite1h + 3000 * p.cacheRead) / 1e6;

describe('addBilledUsage', () => {
  it('prices a message at the table price in realtime and at half of it in a batch, cache writes and reads included', () => {
    const realtime = emptyBilledUsage();
    const batch = emptyBilledUsage();
    addBilledUsage(realtime, message('claude-haiku-4-5-20251001'), {
      models: defaultModelTable,
      priceFactor: 1,
    });
    addBilledUsage(batch, message('claude-haiku-4-5'), {
      models: defaultModelTable,
      priceFactor: batchPriceFactor,
    });
    expect(realtime).toEqual({
      messages: 1,
      inputTokens: 1000,
      outputTokens: 2000,
      cacheCreationInputTokens: 400,
      cacheReadInputTokens: 3000,
      costUsd: expect.closeTo(standardUsd, 12),
      unpricedMessages: 0,
    });
    expect(batch.costUsd).toBeCloseTo(standardUsd / 2, 12);
    expect(batchPriceFactor).toBe(0.5);
  });

  it('counts the tokens of a model without a price but no cost', () => {
    const totals = emptyBilledUsage();
    addBilledUsage(totals, message('claude-test'), { models: defaultModelTable, priceFactor: 1 });
    expect(totals).toMatchObject({ messages: 1, inputTokens: 1000, costUsd: 0, unpricedMessages: 1 });
  });

  it('prices a fallback-served message hop by hop, each at its own model', () => {
    const totals = emptyBilledUsage();
    const hop = { ...usage, cache_creation_input_tokens: 400 };
    addBilledUsage(
      totals,
      message('claude-haiku-4-5', {
        iterations: [
          { type: 'message', model: 'claude-haiku-4-5', ...hop },
          { type: 'fallback_message', model: 'claude-haiku-4-5', ...hop },
        ],
      }),
      { models: defaultModelTable, priceFactor: 1 },
    );
    expect(totals.costUsd).toBeCloseTo(2 * standardUsd, 12);
  });
});
