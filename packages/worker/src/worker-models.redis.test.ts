import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultModelTable, type TokenPrices, type Usage } from '@quarry/core';
import { afterAll, describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote } from './worker-test-harness';

const dir = mkdtempSync(join(tmpdir(), 'quarry-worker-models-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The price of some usage, written out here rather than taken from the code under test. */
const priced = (usage: Usage, prices: TokenPrices): number =>
  (usage.inputTokens * prices.input +
    usage.outputTokens * prices.output +
    usage.cacheCreationInputTokens * prices.cacheWrite5m +
    usage.cacheReadInputTokens * prices.cacheRead) /
  1e6;

const pricesOf = (model: string): TokenPrices => {
  const spec = defaultModelTable[model];
  if (!spec) throw new Error(`no entry for ${model}`);
  return spec.prices;
};

/** A first reply the `count-positive` rule rejects, so the job retries and reads the cached prefix. */
const retryOnce = { kind: 'json', value: { title: 'groceries', count: -1 } } as const;

describe('every current model completes jobs with costs priced from the model table', () => {
  for (const model of [
    'claude-haiku-5-5',
    'claude-sonnet-5-5',
    'claude-opus-5-5',
    'claude-fable-5-1',
    'claude-sonnet-4-6',
  ]) {
    it(`QUARRY_MODEL=${model}: cost = table price × usage, cache writes and reads included`, async ({
      testBed,
    }) => {
      const h = await testBed.harness({ plan: { priced: [retryOnce] }, env: { QUARRY_MODEL: model } });
      await h.startWorker();
      // Long enough for the prefix through the document to reach every model's minimum cacheable length.
      const { jobId } = await h.client.enqueue('note', {
        text: `${doc('priced')} ${'Terms apply. '.repeat(800)}`,
      });
      const result = await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
      expect(result).toMatchObject({ data: goodNote, attempts: 2, model });
      expect(h.requestsFor('priced').map((request) => request.body.model)).toEqual([model, model]);
      expect(result.usage.cacheCreationInputTokens).toBeGreaterThan(0);
      expect(result.usage.cacheReadInputTokens).toBeGreaterThan(0);
      expect(result.costUsd).not.toBeNull();
      expect(result.costUsd).toBeCloseTo(priced(result.usage, pricesOf(model)), 12);
    });
  }

  it('prices a Haiku 5.5 request over 100,000 prompt tokens at the tier price, every token of it', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ env: { QUARRY_MODEL: 'claude-haiku-5-5' } });
    await h.startWorker();
    // About 110,000 tokens at the stand-in's four characters a token.
    const { jobId } = await h.client.enqueue('note', { text: `${doc('long')} ${'x'.repeat(440_000)}` });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 30_000 });
    const prompt =
      result.usage.inputTokens + result.usage.cacheCreationInputTokens + result.usage.cacheReadInputTokens;
    expect(prompt).toBeGreaterThan(100_000);
    const tier = defaultModelTable['claude-haiku-5-5']?.tiers[0]?.prices as TokenPrices;
    expect(result.costUsd).toBeCloseTo(priced(result.usage, tier), 12);
    expect(result.costUsd).toBeGreaterThan(priced(result.usage, pricesOf('claude-haiku-5-5')) * 4.9);
  });

  it('prices jobs from QUARRY_MODELS_FILE: an override of a known model and a model of its own', async ({
    testBed,
  }) => {
    const prices = { input: 1, output: 2, cacheWrite5m: 3, cacheWrite1h: 4, cacheRead: 0.5 };
    const path = join(dir, 'models.json');
    writeFileSync(
      path,
      JSON.stringify({
        'claude-haiku-5-5': { prices, tiers: [] },
        'acme-extractor-1': { ...defaultModelTable['claude-haiku-4-5'], name: 'ACME extractor', prices },
      }),
    );
    const h = await testBed.harness({
      plan: { own: [retryOnce] },
      env: { QUARRY_MODELS_FILE: path, QUARRY_ALLOWED_MODELS: 'acme-extractor-1' },
    });
    await h.startWorker({ QUARRY_MODEL: 'claude-haiku-5-5' });
    const haiku = await h.client.enqueue('note', { text: doc('haiku') });
    const haikuResult = await h.client.waitForResult(haiku.jobId, { timeoutMs: 15_000 });
    expect(haikuResult.costUsd).toBeCloseTo(priced(haikuResult.usage, prices), 12);

    const own = await h.client.enqueue(
      'note',
      { text: doc('own') },
      { overrides: { model: 'acme-extractor-1' } },
    );
    const ownResult = await h.client.waitForResult(own.jobId, { timeoutMs: 15_000 });
    expect(ownResult.model).toBe('acme-extractor-1');
    expect(ownResult.costUsd).toBeCloseTo(priced(ownResult.usage, prices), 12);
  });
});
