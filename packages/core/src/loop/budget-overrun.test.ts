import { describe, expect, it } from 'vitest';
import { documentTokenEstimate } from '../document/document-token-estimate';
import type { ModelRequest } from '../model/model-request';
import { defaultModelTable } from '../models/default-model-table';
import { budgetOverrun } from './budget-overrun';

const withPdf = (options: { pages: number; base64Characters: number }): ModelRequest => ({
  model: 'claude-haiku-5-5',
  maxTokens: 1024,
  strategy: 'tool',
  toolName: 'out',
  outputSchema: {},
  system: 'Extract the receipt.',
  messages: [
    {
      role: 'user',
      content: [
        {
          type: 'document',
          mediaType: 'application/pdf',
          ref: { type: 'base64', data: 'A'.repeat(options.base64Characters) },
          estimatedTokens: documentTokenEstimate({ kind: 'pdf', pages: options.pages, pageTextChars: null }),
        },
        { type: 'text', text: 'Answer with the JSON object.' },
      ],
    },
  ],
});

const overrun = (request: ModelRequest, budget: { maxTotalTokens?: number; maxCostUsd?: number }) =>
  budgetOverrun({ budget, records: [], request, models: defaultModelTable });

describe('budgetOverrun before the first call of a document job', () => {
  it('counts an inline PDF by its pages, not by the length of its base64 bytes', () => {
    // 400,000 base64 characters would be 100,000 tokens at four characters a token.
    expect(overrun(withPdf({ pages: 1, base64Characters: 400_000 }), { maxTotalTokens: 10_000 })).toBeNull();
  });

  it('stops a 10-page PDF whose pages alone are over the token budget, before any call', () => {
    const reason = overrun(withPdf({ pages: 10, base64Characters: 1_000 }), { maxTotalTokens: 20_000 });
    expect(reason).toMatch(/^Budget exhausted after 0 model calls .*, over its budget of 20000$/);
    // Ten pages of 3,100 tokens and 53 characters of text, times the tokenizer factor (1.3) and the 5 % margin.
    expect(Number(reason?.match(/about (\d+) tokens/)?.[1])).toBe(Math.ceil((31_000 + 53 / 4) * 1.3 * 1.05));
  });

  it('prices the pages at the model it asks for a cost budget', () => {
    const request = withPdf({ pages: 10, base64Characters: 1_000 });
    expect(overrun(request, { maxCostUsd: 0.001 })).toMatch(/over its budget of \$0\.001$/);
    expect(overrun(request, { maxCostUsd: 1 })).toBeNull();
  });
});
