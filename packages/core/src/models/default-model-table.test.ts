import { describe, expect, it } from 'vitest';
import { requestCost } from '../cost/request-prices';
import { extractDefaults } from '../loop/extract-defaults';
import type { Usage } from '../model/usage';
import { defaultModelTable } from './default-model-table';
import { retirementNotices } from './retirement-notices';

const entries = Object.entries(defaultModelTable);

/** Cache reads relative to input, as the pricing page lists them. */
const readMultiplier: Readonly<Record<string, number>> = {
  'claude-sonnet-5-5': 0.05,
  'claude-opus-5-5': 0.05,
  'claude-fable-5-2': 0.025,
  'claude-mythos-5-2': 0.025,
  'claude-fable-5-1': 0.025,
  'claude-mythos-5-1': 0.025,
};

describe('defaultModelTable', () => {
  it('prices 5-minute cache writes at 1.25× input, 1-hour ones at 2× and reads as listed, in every tier', () => {
    for (const [id, spec] of entries) {
      for (const prices of [spec.prices, ...spec.tiers.map((tier) => tier.prices)]) {
        expect(prices.cacheWrite5m, id).toBeCloseTo(prices.input * 1.25, 10);
        expect(prices.cacheWrite1h, id).toBeCloseTo(prices.input * 2, 10);
        expect(prices.cacheRead, id).toBeCloseTo(prices.input * (readMultiplier[id] ?? 0.1), 10);
      }
    }
  });

  it('has one tier, Haiku 5.5 above 100,000 prompt tokens at five times its base price', () => {
    const tiered = entries.filter(([, spec]) => spec.tiers.length > 0);
    expect(tiered.map(([id]) => id)).toEqual(['claude-haiku-5-5']);
    const haiku = defaultModelTable['claude-haiku-5-5'];
    expect(haiku?.tiers[0]?.aboveInputTokens).toBe(100_000);
    expect(haiku?.tiers[0]?.prices.input).toBe(0.5);
    expect(haiku?.tiers[0]?.prices.output).toBe(2.5);
  });

  it('names a platform documentation page checked on 2026-11-24 for every entry', () => {
    for (const [id, spec] of entries) {
      expect(spec.source.url, id).toMatch(/^https:\/\/platform\.claude\.com\/docs\/en\//);
      expect(spec.source.checked, id).toBe('2026-11-24');
    }
  });

  it('retires only Sonnet 4.5, on 2026-11-30', () => {
    expect(
      entries.filter(([, spec]) => spec.retiresOn !== null).map(([id, spec]) => [id, spec.retiresOn]),
    ).toEqual([['claude-sonnet-4-5', '2026-11-30']]);
  });

  it('rejects forced tool choice exactly on Opus 5.5, Sonnet 5.5 and Fable/Mythos 5.1 and later', () => {
    expect(
      entries
        .filter(([, spec]) => !spec.forcedToolChoice)
        .map(([id]) => id)
        .sort(),
    ).toEqual([
      'claude-fable-5-1',
      'claude-fable-5-2',
      'claude-mythos-5-1',
      'claude-mythos-5-2',
      'claude-opus-5-5',
      'claude-sonnet-5-5',
    ]);
  });
});

describe('the default model', () => {
  /** A retried extraction: a cache write, then a cache read, about 300 output tokens each time. */
  const extraction: readonly Usage[] = [
    { inputTokens: 200, outputTokens: 300, cacheCreationInputTokens: 2500, cacheReadInputTokens: 0 },
    { inputTokens: 600, outputTokens: 300, cacheCreationInputTokens: 0, cacheReadInputTokens: 2500 },
  ];
  const costOfExtraction = (id: string) => {
    const spec = defaultModelTable[id];
    if (!spec) throw new Error(`no entry ${id}`);
    return extraction.reduce((sum, usage) => sum + requestCost(spec, usage), 0);
  };

  it('is an active entry of the table with no retirement in sight', () => {
    const spec = defaultModelTable[extractDefaults.modelId];
    expect(spec?.status).toBe('active');
    expect(
      retirementNotices({
        models: [extractDefaults.modelId],
        table: defaultModelTable,
        now: Date.UTC(2026, 10, 24),
      }),
    ).toEqual([]);
  });

  it('is the cheapest active model per extraction at the same skill', () => {
    const active = entries.filter(([, spec]) => spec.status === 'active').map(([id]) => id);
    const cheapest = [...active].sort((a, b) => costOfExtraction(a) - costOfExtraction(b))[0];
    expect(cheapest).toBe(extractDefaults.modelId);
  });
});
