import {
  defaultModelTable,
  documentTokenEstimate,
  type ModelClient,
  type ModelRequest,
  type ModelResponse,
} from '@quarry/core';
import { PacerBudgetStore, quarryKeys } from '@quarry/queue';
import { it } from '@quarry/testing';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { describe, expect } from 'vitest';
import { createPacingMetrics } from '../metrics/pacing-metrics';
import { parseMetrics, sample } from '../test-fixtures/metrics-text';
import { pacedModelClient } from './paced-model-client';

const ceiling = 100_000;
const tenPages = documentTokenEstimate({
  kind: 'pdf',
  pages: 10,
  pageTextChars: Array.from({ length: 10 }, () => 6_000),
});

const request: ModelRequest = {
  model: 'claude-sonnet-4-6',
  maxTokens: 1000,
  strategy: 'structured',
  toolName: 'answer',
  outputSchema: {},
  system: 'Extract.',
  messages: [
    {
      role: 'user',
      content: [
        {
          type: 'document',
          mediaType: 'application/pdf',
          ref: { type: 'file', fileId: 'file_1' },
          estimatedTokens: tenPages,
        },
        { type: 'text', text: 'Answer with the JSON object.', cacheBreakpoint: true },
      ],
    },
  ],
};

/** What the API counted for the ten pages: about 2,200 tokens a page (a public measurement). */
const realInput = 22_000;

describe('pacedModelClient with a document', () => {
  it('draws a 10-page PDF as ten pages before the call and settles the budget to its real usage after it', async ({
    redis,
    prefix,
  }) => {
    const store = new PacerBudgetStore({
      redis,
      keys: quarryKeys({ prefix }),
      ceilings: { requests: 100, inputTokens: ceiling, outputTokens: null },
    });
    const registry = new Registry();
    const remaining = async () =>
      sample(parseMetrics(await registry.metrics()), 'quarry_rate_limit_budget_remaining', {
        class: 'sonnet-4.x',
        dimension: 'input_tokens',
      });
    let duringCall: number | undefined;
    const model: ModelClient = {
      async generate(): Promise<ModelResponse> {
        duringCall = await remaining();
        return {
          content: [{ type: 'text', text: '{}' }],
          stopReason: 'end_turn',
          usage: {
            inputTokens: realInput,
            outputTokens: 10,
            cacheCreationInputTokens: 0,
            cacheReadInputTokens: 0,
          },
          requestId: 'req_1',
          model: 'claude-sonnet-4-6',
        };
      },
    };
    const paced = pacedModelClient({
      inner: model,
      store,
      apiKey: 'sk-test',
      models: defaultModelTable,
      maxWaitAheadMs: 60_000,
      closing: new AbortController().signal,
      log: pino({ level: 'silent' }),
      metrics: createPacingMetrics({ registry }),
    });
    await paced.generate(request, { attempt: 1 });
    // Before the call: the ten pages (31,000 tokens) and the prompt, with the 5 % margin, from a full bucket.
    expect(duringCall).toBeLessThanOrEqual(ceiling - tenPages);
    expect(duringCall).toBeGreaterThan(ceiling - tenPages * 1.1);
    // After it: only the real usage is taken (the bucket refills meanwhile, so at least that much is left).
    const settled = await remaining();
    expect(settled).toBeGreaterThanOrEqual(ceiling - realInput);
    expect(settled).toBeGreaterThan((duringCall ?? ceiling) + (tenPages - realInput));
  });
});
