import { describe, expect, it } from 'vitest';
import type { ExtractWarning } from '../loop/extract-options';
import type { Usage } from '../model/usage';
import { defaultModelTable } from '../models/default-model-table';
import { ModelTable } from '../models/model-spec';
import { costOf } from './cost-of';

const usage: Usage = {
  inputTokens: 1_000_000,
  outputTokens: 100_000,
  cacheCreationInputTokens: 200_000,
  cacheReadInputTokens: 2_000_000,
};

/** No tokens of any kind: the base of the usages below. */
const none: Usage = { inputTokens: 0, outputTokens: 0, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 };

/** A Haiku 5.5 prompt of exactly 100,000 tokens: 40k input, 10k cache writes, 50k cache reads. */
const atThreshold: Usage = {
  inputTokens: 40_000,
  outputTokens: 1000,
  cacheCreationInputTokens: 10_000,
  cacheReadInputTokens: 50_000,
};

describe('costOf', () => {
  it('prices every kind of token, cache writes at the 5-minute price unless told they are 1-hour ones', () => {
    // Sonnet 4.5: 3 input + 1.5 output + 0.75 (200k 5-minute writes) + 0.6 (2M cache reads).
    expect(costOf({ usage, model: 'claude-sonnet-4-5' })).toBeCloseTo(5.85, 10);
    // 150k of the 200k writes with the 1-hour TTL: 0.05 × 3.75 + 0.15 × 6 instead of 0.2 × 3.75.
    expect(
      costOf({ usage: { ...usage, cacheCreation1hInputTokens: 150_000 }, model: 'claude-sonnet-4-5' }),
    ).toBeCloseTo(3 + 1.5 + 0.1875 + 0.9 + 0.6, 10);
  });

  it('prices the batch lane at half of every rate, cache writes and reads included', () => {
    // Half of 3 input + 1.5 output + 0.1875 (50k 5-minute writes) + 0.9 (150k 1-hour writes) + 0.6 reads.
    expect(
      costOf({
        usage: { ...usage, cacheCreation1hInputTokens: 150_000 },
        model: 'claude-sonnet-4-5',
        lane: 'batch',
      }),
    ).toBeCloseTo((3 + 1.5 + 0.1875 + 0.9 + 0.6) / 2, 10);
    expect(costOf({ usage, model: 'claude-sonnet-4-5', lane: 'realtime' })).toBeCloseTo(5.85, 10);
  });

  it('never counts more 1-hour writes than writes', () => {
    const oneHourOnly = { ...usage, cacheCreation1hInputTokens: 999_999_999 };
    expect(costOf({ usage: oneHourOnly, model: 'claude-sonnet-4-5' })).toBeCloseTo(3 + 1.5 + 1.2 + 0.6, 10);
  });

  it('prices Haiku 5.5 at its base price up to 100,000 prompt tokens, counting cache reads and writes', () => {
    const prompt = atThreshold;
    // 40k × 0.1 + 1k × 0.5 + 10k × 0.125 + 50k × 0.01, per million.
    expect(costOf({ usage: prompt, model: 'claude-haiku-5-5' })).toBeCloseTo(
      (4000 + 500 + 1250 + 500) / 1e6,
      12,
    );
  });

  it('prices every token of a larger Haiku 5.5 request at the tier price, output and cache included', () => {
    const prompt = { ...atThreshold, inputTokens: 40_001 };
    // 40,001 × 0.5 + 1k × 2.5 + 10k × 0.625 + 50k × 0.05, per million.
    expect(costOf({ usage: prompt, model: 'claude-haiku-5-5' })).toBeCloseTo(
      (20_000.5 + 2500 + 6250 + 2500) / 1e6,
      12,
    );
    // Cache reads alone push the prompt over the threshold.
    const readHeavy = { ...none, inputTokens: 10, cacheReadInputTokens: 100_000 };
    expect(costOf({ usage: readHeavy, model: 'claude-haiku-5-5' })).toBeCloseTo(
      (10 * 0.5 + 100_000 * 0.05) / 1e6,
      12,
    );
  });

  it('prices 1-hour cache writes at twice the input price and 5-minute ones at 1.25 times', () => {
    const writes = { ...none, cacheCreationInputTokens: 1_000_000 };
    expect(costOf({ usage: writes, model: 'claude-opus-5-5' })).toBeCloseTo(5, 10);
    expect(
      costOf({ usage: { ...writes, cacheCreation1hInputTokens: 1_000_000 }, model: 'claude-opus-5-5' }),
    ).toBeCloseTo(8, 10);
  });

  it('matches a dated snapshot id to its family, and nothing else', () => {
    const reads = { ...none, cacheReadInputTokens: 1_000_000 };
    expect(costOf({ usage: reads, model: 'claude-sonnet-4-5-20250929' })).toBeCloseTo(0.3, 10);
    expect(costOf({ usage: reads, model: 'claude-haiku-4-5-20251001' })).toBeCloseTo(0.1, 10);
    expect(costOf({ usage: reads, model: 'claude-opus-5-6' })).toBeNull();
  });

  it('uses an overriding table', () => {
    const models = ModelTable.parse({
      'my-model': {
        ...defaultModelTable['claude-haiku-4-5'],
        prices: { input: 1, output: 1, cacheWrite5m: 1, cacheWrite1h: 1, cacheRead: 1 },
      },
    });
    expect(costOf({ usage, model: 'my-model', models })).toBeCloseTo(3.3, 10);
    expect(costOf({ usage, model: 'claude-haiku-4-5', models })).toBeNull();
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
