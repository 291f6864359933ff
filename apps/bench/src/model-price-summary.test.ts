import { emptyUsage } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { type ModelRun, modelPricesResult, rankByCost } from './model-price-summary';

const run = (model: string, costUsd: number, valid = 90): ModelRun => ({
  model,
  jobs: 100,
  valid,
  calls: 190,
  costUsd,
  usage: emptyUsage(),
});

describe('model price summary (line 9)', () => {
  it('ranks each model by cost per 1000 valid extractions, as a ratio to the cheapest', () => {
    expect(rankByCost([run('a', 0.09), run('b', 1.8), run('c', 0.9, 0)])).toEqual([
      { model: 'a', perThousand: 1, ratio: 1 },
      { model: 'b', perThousand: 20, ratio: 20 },
      { model: 'c', perThousand: null, ratio: null },
    ]);
  });

  it('passes when the default model is the cheapest, and fails when another is cheaper', () => {
    const options = {
      longRuns: [run('haiku', 0.45), run('sonnet', 1.8)],
      simulation: 'test',
      longPromptTokens: 100_000,
    };
    const pass = modelPricesResult({
      ...options,
      runs: [run('haiku', 0.09), run('sonnet', 1.8)],
      defaultModel: 'haiku',
    });
    expect(pass).toMatchObject({ id: 9, quarry: 1, baseline: 1, comparison: 1, status: 'PASS' });
    expect(pass.notes.slice(1)).toEqual([
      'haiku      $1.0000 (  1.00×)  |    $5.0000 (  1.00×)',
      'sonnet    $20.0000 ( 20.00×)  |   $20.0000 (  4.00×)',
    ]);
    const fail = modelPricesResult({
      ...options,
      runs: [run('haiku', 0.09), run('sonnet', 1.8)],
      defaultModel: 'sonnet',
    });
    expect(fail).toMatchObject({ quarry: 20, baseline: 1, comparison: 20, status: 'FAIL' });
  });
});
