import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../model/model-request';
import { receiptDocument, receiptWorkflow, validReceipt } from '../test-fixtures/receipt-workflow';
import { FakeModelClient } from '../testing/fake-model-client';
import { extract } from './extract';

const wrongTotal = { ...validReceipt, total: 9 };
const stillWrong = { ...validReceipt, total: 8 };
/** A document long enough for the prefix through it to be cacheable on every model of the table. */
const longDocument = `${receiptDocument}\n${'Terms: returns accepted within 30 days with receipt. '.repeat(400)}`;
const examples = Array.from({ length: 12 }, () => ({
  text: longDocument.slice(0, 1500),
  output: validReceipt,
}));

const marks = (request: ModelRequest | undefined) => {
  const last = request?.messages[0]?.content.at(-1);
  return {
    shared: request?.systemCacheBreakpoint === true,
    document: last?.type === 'text' && last.cacheBreakpoint === true,
  };
};

async function run(options: {
  readonly failures: number;
  readonly workflow?: Parameters<typeof receiptWorkflow>[0];
  readonly text?: string;
  readonly cachePlacement?: 'by_cost' | 'after_document';
}) {
  const model = new FakeModelClient([{ json: wrongTotal }, { json: stillWrong }, { json: validReceipt }]);
  await extract({
    workflow: receiptWorkflow({ model: 'claude-haiku-5-5', examples, ...options.workflow }),
    input: { text: options.text ?? longDocument },
    model,
    stopOnNoProgress: false,
    cacheHistory: { firstAttempts: 100, firstAttemptFailures: options.failures },
    ...(options.cachePlacement ? { cachePlacement: options.cachePlacement } : {}),
  });
  return model.requests.map(marks);
}

describe('extract() cache placement', () => {
  it('with rare first-attempt failures: the document is sent uncached first, cached from the retry on', async () => {
    expect(await run({ failures: 5 })).toEqual([
      { shared: true, document: false },
      { shared: true, document: true },
      { shared: true, document: true },
    ]);
  });

  it('with frequent first-attempt failures: the document is cached from the first attempt', async () => {
    expect(await run({ failures: 60 })).toEqual([
      { shared: true, document: true },
      { shared: true, document: true },
      { shared: true, document: true },
    ]);
  });

  it("honours the workflow's minimum cacheable length over the model table's", async () => {
    const requests = await run({ failures: 60, workflow: { minCacheableTokens: 1_000_000 } });
    expect(requests).toEqual([
      { shared: false, document: false },
      { shared: false, document: false },
      { shared: false, document: false },
    ]);
  });

  it('keeps every cached prefix the same from attempt to attempt while feedback grows', async () => {
    const model = new FakeModelClient([{ json: wrongTotal }, { json: validReceipt }]);
    await extract({
      workflow: receiptWorkflow({ model: 'claude-haiku-5-5', examples }),
      input: { text: longDocument },
      model,
      lessons: [
        {
          signature: 'rule:total:total-matches',
          example: 'x',
          score: 1,
          count: 1,
          firstSeen: 0,
          lastSeen: 0,
        },
      ],
    });
    const [first, second] = model.requests;
    expect(second?.system).toBe(first?.system);
    expect(second?.outputSchema).toEqual(first?.outputSchema);
    expect(second?.messages[0]).toEqual(first?.messages[0]);
  });

  it('keeps the former single breakpoint after the document under after_document', async () => {
    expect(await run({ failures: 5, cachePlacement: 'after_document' })).toEqual([
      { shared: false, document: true },
      { shared: false, document: true },
      { shared: false, document: true },
    ]);
  });
});
