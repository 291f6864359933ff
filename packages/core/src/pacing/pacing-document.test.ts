import { describe, expect, it } from 'vitest';
import { documentTokenEstimate, documentTokenFigures } from '../document/document-token-estimate';
import type { ContentPart, ModelRequest } from '../model/model-request';
import { emptyUsage } from '../model/usage';
import { defaultModelTable } from '../models/default-model-table';
import { pacingDraw } from './pacing-draw';
import { pacingSettlement } from './pacing-settlement';

const tenPages = documentTokenEstimate({
  kind: 'pdf',
  pages: 10,
  pageTextChars: Array.from({ length: 10 }, () => 6_000),
});

const request = (options: {
  estimatedTokens?: number;
  breakpoint?: boolean;
  model?: string;
}): ModelRequest => {
  const document: ContentPart = {
    type: 'document',
    mediaType: 'application/pdf',
    ref: { type: 'file', fileId: 'file_1' },
    ...(options.estimatedTokens !== undefined ? { estimatedTokens: options.estimatedTokens } : {}),
  };
  return {
    model: options.model ?? 'claude-sonnet-4-6',
    maxTokens: 2000,
    strategy: 'tool',
    toolName: 'out',
    outputSchema: {},
    system: 'sys',
    messages: [
      {
        role: 'user',
        content: [
          document,
          { type: 'text', text: 't'.repeat(392), ...(options.breakpoint ? { cacheBreakpoint: true } : {}) },
        ],
      },
    ],
  };
};

describe('pacingDraw and pacingSettlement of a document', () => {
  it('draws a 10-page PDF as ten pages before the call and settles to the real usage after it', () => {
    expect(tenPages).toBe(10 * 3_100);
    const drawn = pacingDraw({
      request: request({ estimatedTokens: tenPages }),
      attempt: 1,
      models: defaultModelTable,
    });
    // The pages, plus 400 characters of prompt (100 tokens), with the 5 % margin.
    expect(drawn.inputTokens).toBe(Math.ceil((tenPages + 100) * 1.05));
    // The API counted about 2,200 tokens a page (a public measurement): the surplus comes back.
    const usage = { ...emptyUsage(), inputTokens: 22_100, outputTokens: 300 };
    const settled = pacingSettlement({ drawn, usage });
    expect(drawn.inputTokens + settled.inputTokens).toBe(22_100);
    expect(drawn.outputTokens + settled.outputTokens).toBe(300);
    expect(settled.requests).toBe(0);
  });

  it("applies the model's tokenizer factor to the document as to the text", () => {
    const drawn = pacingDraw({
      request: request({ estimatedTokens: tenPages, model: 'claude-opus-4-7' }),
      attempt: 1,
      models: defaultModelTable,
    });
    expect(drawn.inputTokens).toBe(Math.ceil((tenPages + 100) * 1.3 * 1.05));
  });

  it('leaves the document out on a later attempt when it is behind the cache breakpoint', () => {
    const call = request({ estimatedTokens: tenPages, breakpoint: true });
    expect(pacingDraw({ request: call, attempt: 2, models: defaultModelTable }).inputTokens).toBe(0);
  });

  it('counts a document part without an estimate as one page with the most text', () => {
    const drawn = pacingDraw({ request: request({}), attempt: 1, models: defaultModelTable });
    expect(drawn.inputTokens).toBe(Math.ceil((documentTokenFigures.unknownDocument + 100) * 1.05));
  });
});
