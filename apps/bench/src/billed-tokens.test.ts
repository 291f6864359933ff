import { defaultModelTable, ModelTable } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { billedTokens } from './billed-tokens';

const usage = {
  inputTokens: 1000,
  outputTokens: 100,
  cacheCreationInputTokens: 800,
  cacheReadInputTokens: 2000,
};

describe('billedTokens', () => {
  it('weighs cache writes 1.25×, cache reads 0.1× and output at its price, relative to input', () => {
    // Haiku 5.5: input 0.10, output 0.50, cache write 0.125, cache read 0.01 USD per million tokens.
    expect(billedTokens(usage, 'claude-haiku-5-5')).toBeCloseTo(1000 + 500 + 1000 + 200, 6);
  });

  it('weighs 1-hour cache writes 2× and Sonnet 5.5 cache reads 0.05×', () => {
    const oneHour = { ...usage, cacheCreation1hInputTokens: 800 };
    expect(billedTokens(oneHour, 'claude-sonnet-5-5')).toBeCloseTo(1000 + 500 + 1600 + 100, 6);
  });

  it('reads the table it is given', () => {
    const models = ModelTable.parse({
      'my-model': {
        ...defaultModelTable['claude-haiku-5-5'],
        prices: { input: 1, output: 1, cacheWrite5m: 1, cacheWrite1h: 1, cacheRead: 1 },
      },
    });
    expect(billedTokens(usage, 'my-model', models)).toBeCloseTo(1000 + 100 + 800 + 2000, 6);
  });

  it('refuses a model without a price', () => {
    const none = { inputTokens: 1, outputTokens: 1, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 };
    expect(() => billedTokens(none, 'gpt-x')).toThrow('No price is known for model "gpt-x"');
  });
});
