import { describe, expect, it } from 'vitest';
import { receiptWorkflow } from '../test-fixtures/receipt-workflow';

const define = (fields: Record<string, unknown>) => () =>
  receiptWorkflow(fields as Parameters<typeof receiptWorkflow>[0]);

describe('a workflow model ladder', () => {
  it('accepts one to four distinct models and an allowance per model', () => {
    const workflow = receiptWorkflow({
      models: ['claude-haiku-5-5', 'claude-sonnet-5-5'],
      attemptsPerModel: 3,
    });
    expect(workflow.models).toEqual(['claude-haiku-5-5', 'claude-sonnet-5-5']);
    expect(workflow.attemptsPerModel).toBe(3);
  });

  it.each([
    [[], 'Workflow receipt: models must list 1 to 4 model ids, cheapest first, got []'],
    [
      ['a', 'b', 'c', 'd', 'e'],
      'Workflow receipt: models must list 1 to 4 model ids, cheapest first, got ["a","b","c","d","e"]',
    ],
    [
      'claude-haiku-5-5',
      'Workflow receipt: models must list 1 to 4 model ids, cheapest first, got "claude-haiku-5-5"',
    ],
    [['a', ' '], 'Workflow receipt: models must be non-empty model ids, got [" "]'],
    [['a', 7], 'Workflow receipt: models must be non-empty model ids, got [7]'],
    [['a', 'b', 'a'], 'Workflow receipt: models names ["a"] more than once'],
  ])('names a bad ladder (%j)', (models, message) => {
    expect(define({ models })).toThrow(new TypeError(message));
  });

  it('row 116: a workflow models ladder that is empty -> refuses model and models together, and an allowance without a ladder or out of range', () => {
    expect(define({ model: 'a', models: ['b', 'c'] })).toThrow(
      'Workflow receipt: give either model or models (a ladder), not both',
    );
    expect(define({ attemptsPerModel: 2 })).toThrow(
      'Workflow receipt: attemptsPerModel applies only with models (a ladder)',
    );
    for (const attemptsPerModel of [0, 1.5, 21, '2']) {
      expect(define({ models: ['a', 'b'], attemptsPerModel })).toThrow(
        `Workflow receipt: attemptsPerModel must be a whole number from 1 to 20, got ${JSON.stringify(attemptsPerModel)}`,
      );
    }
  });
});
