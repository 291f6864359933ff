import { describe, expect, it } from 'vitest';
import { ExtractionExhaustedError } from '../errors/extraction-exhausted-error';
import { receiptDocument, receiptWorkflow, validReceipt } from '../test-fixtures/receipt-workflow';
import { FakeModelClient } from '../testing/fake-model-client';
import { extract } from './extract';
import type { ExtractBudget } from './extract-options';

const run = (budget: ExtractBudget, model = new FakeModelClient([{ json: validReceipt }])) =>
  extract({
    workflow: receiptWorkflow(),
    input: { text: receiptDocument },
    model,
    budget,
    modelId: 'claude-sonnet-4-6',
  });

describe('extract budget', () => {
  it.each([
    [{ maxTotalTokens: -5 }, 'extract: budget.maxTotalTokens must be a positive integer, got -5'],
    [{ maxTotalTokens: 0 }, 'extract: budget.maxTotalTokens must be a positive integer, got 0'],
    [{ maxTotalTokens: 10.5 }, 'extract: budget.maxTotalTokens must be a positive integer, got 10.5'],
    [{ maxTotalTokens: Number.NaN }, 'extract: budget.maxTotalTokens must be a positive integer, got NaN'],
    [
      { maxTotalTokens: 2 ** 60 },
      `extract: budget.maxTotalTokens must be a positive integer, got ${2 ** 60}`,
    ],
    [{ maxCostUsd: -1 }, 'extract: budget.maxCostUsd must be a positive finite number, got -1'],
    [{ maxCostUsd: Number.NaN }, 'extract: budget.maxCostUsd must be a positive finite number, got NaN'],
    [
      { maxCostUsd: Number.POSITIVE_INFINITY },
      'extract: budget.maxCostUsd must be a positive finite number, got Infinity',
    ],
    [
      { maxCostUsd: '0.5' as unknown as number },
      'extract: budget.maxCostUsd must be a positive finite number, got 0.5',
    ],
  ])('refuses %j before any call', async (budget, message) => {
    const model = new FakeModelClient([{ json: validReceipt }]);
    await expect(run(budget, model)).rejects.toThrow(new TypeError(message));
    expect(model.calls).toBe(0);
  });

  it('names what was spent when the cost budget stops the job', async () => {
    const usage = { inputTokens: 10_000, outputTokens: 1_000 }; // $0.045 a call at Sonnet's price
    const model = new FakeModelClient([
      { json: { ...validReceipt, total: 1 }, usage },
      { json: validReceipt },
    ]);
    const error = await run({ maxCostUsd: 0.05 }, model).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExtractionExhaustedError);
    expect(error).toMatchObject({
      kind: 'budget_exhausted',
      attempts: 1,
      usage: { inputTokens: 10_000, outputTokens: 1_000 },
      message:
        'Budget exhausted after 1 model call (11000 tokens, $0.0450 spent): the next call would bring the job to about $0.0900, over its budget of $0.05',
    });
    expect((error as ExtractionExhaustedError).costUsd).toBeCloseTo(0.045, 10);
    expect(model.calls).toBe(1);
  });

  it('lets a job within its budget complete', async () => {
    expect(await run({ maxTotalTokens: 1_000_000, maxCostUsd: 1 })).toMatchObject({ data: validReceipt });
  });
});
