import { describe, expect, it } from 'vitest';
import { billedTokens } from './billed-tokens';

describe('billedTokens', () => {
  it('weighs cache writes 1.25×, cache reads 0.1× and output at its price, relative to input', () => {
    const usage = {
      inputTokens: 1000,
      outputTokens: 100,
      cacheCreationInputTokens: 800,
      cacheReadInputTokens: 2000,
    };
    // Sonnet: input 3, output 15, cache write 3.75, cache read 0.3 USD per million tokens.
    expect(billedTokens(usage, 'claude-sonnet-4-6')).toBeCloseTo(1000 + 500 + 1000 + 200, 6);
  });

  it('refuses a model without a price', () => {
    const usage = { inputTokens: 1, outputTokens: 1, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 };
    expect(() => billedTokens(usage, 'gpt-x')).toThrow('No price is known for model "gpt-x"');
  });
});
