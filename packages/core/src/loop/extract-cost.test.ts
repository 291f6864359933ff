import { describe, expect, it } from 'vitest';
import { defaultModelTable } from '../models/default-model-table';
import { ModelTable } from '../models/model-spec';
import { receiptDocument, receiptWorkflow, validReceipt } from '../test-fixtures/receipt-workflow';
import { FakeModelClient } from '../testing/fake-model-client';
import { extract } from './extract';

const input = { text: receiptDocument };

describe('extract prices every attempt from the model table', () => {
  it('applies the Haiku 5.5 tier per request and both cache TTLs', async () => {
    const model = new FakeModelClient([
      {
        json: { ...validReceipt, total: 1 },
        // 90k input + 20k cache writes: over 100k, every token at the tier price.
        usage: {
          inputTokens: 90_000,
          outputTokens: 1000,
          cacheCreationInputTokens: 20_000,
          cacheCreation1hInputTokens: 20_000,
        },
      },
      {
        json: validReceipt,
        usage: {
          inputTokens: 2000,
          outputTokens: 1000,
          cacheCreationInputTokens: 0,
          cacheReadInputTokens: 20_000,
        },
      },
    ]);
    const result = await extract({ workflow: receiptWorkflow(), input, model, modelId: 'claude-haiku-5-5' });
    const [first, second] = result.attemptRecords;
    expect(first?.costUsd).toBeCloseTo((90_000 * 0.5 + 1000 * 2.5 + 20_000 * 1) / 1e6, 12);
    expect(second?.costUsd).toBeCloseTo((2000 * 0.1 + 1000 * 0.5 + 20_000 * 0.01) / 1e6, 12);
    expect(result.costUsd).toBeCloseTo((first?.costUsd ?? 0) + (second?.costUsd ?? 0), 12);
  });

  it('takes prices from the table it is given', async () => {
    const models = ModelTable.parse({
      ...defaultModelTable,
      'claude-haiku-5-5': {
        ...defaultModelTable['claude-haiku-5-5'],
        prices: { input: 1, output: 2, cacheWrite5m: 3, cacheWrite1h: 4, cacheRead: 5 },
        tiers: [],
      },
    });
    const model = new FakeModelClient([
      { json: validReceipt, usage: { inputTokens: 1000, outputTokens: 100 } },
    ]);
    const result = await extract({
      workflow: receiptWorkflow(),
      input,
      model,
      models,
      modelId: 'claude-haiku-5-5',
    });
    expect(result.costUsd).toBeCloseTo((1000 * 1 + 100 * 2) / 1e6, 12);
  });
});
