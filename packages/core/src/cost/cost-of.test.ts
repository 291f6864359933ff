import { describe, expect, it } from 'vitest';
import type { ExtractWarning } from '../loop/extract-options';
import { costOf, priceOf } from './cost-of';
import { defaultPriceTable } from './price-table';

const usage = {
  inputTokens: 1_000_000,
  outputTokens: 100_000,
  cacheCreationInputTokens: 200_000,
  cacheReadInputTokens: 2_000_000,
};

describe('costOf', () => {
  it('prices every kind of token', () => {
    // 3 + 1.5 + 0.75 + 0.6
    expect(costOf({ usage, model: 'claude-sonnet-4-5' })).toBeCloseTo(5.85, 10);
  });

  it('matches dated model ids by the longest prefix', () => {
    expect(priceOf('claude-opus-4-1-20250805')).toBe(defaultPriceTable['claude-opus-4-1']);
    expect(priceOf('claude-sonnet-4-20250514')).toBe(defaultPriceTable['claude-sonnet-4']);
  });

  it('uses an overriding table', () => {
    const prices = { 'my-model': { input: 1, output: 1, cacheWrite: 1, cacheRead: 1 } };
    expect(costOf({ usage, model: 'my-model-v2', prices })).toBeCloseTo(3.3, 10);
  });

  it('gives null and a warning for an unknown model, without throwing', () => {
    const warnings: ExtractWarning[] = [];
    expect(costOf({ usage, model: 'gpt-x', onWarning: (w) => warnings.push(w) })).toBeNull();
    expect(warnings).toEqual([
      {
        code: 'unknown_model_price',
        model: 'gpt-x',
        message: 'No price is known for model "gpt-x"; its cost is reported as null',
      },
    ]);
  });
});
