import { defaultModelTable } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { describeEnvProblem } from './env-problem';
import { parseModelsFile } from './models-file';

const parse = (value: unknown) =>
  parseModelsFile({
    text: typeof value === 'string' ? value : JSON.stringify(value),
    base: defaultModelTable,
  });

/** The problems as the worker prints them. */
const lines = (value: unknown): string[] => {
  const result = parse(value);
  return result.ok ? [] : result.problems.map(describeEnvProblem);
};

const haiku = defaultModelTable['claude-haiku-5-5'];
const prices = { input: 1, output: 2, cacheWrite5m: 1.25, cacheWrite1h: 2, cacheRead: 0.1 };
const newEntry = {
  name: 'Claude Next',
  prices,
  minCacheableTokens: 512,
  tokenizerFactor: 1.3,
  forcedToolChoice: false,
  samplingParameters: false,
  assistantPrefill: false,
  structuredOutputs: true,
  thinking: 'adaptive',
  defaultEffort: 'medium',
  retiresOn: null,
  source: { url: 'https://example.com/pricing', checked: '2026-12-01' },
};

describe('parseModelsFile', () => {
  it('merges the fields an entry names over the default entry and adds complete new entries', () => {
    const result = parse({
      'claude-haiku-5-5': { prices, retiresOn: '2027-06-30' },
      'claude-next-1': newEntry,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value['claude-haiku-5-5']).toEqual({ ...haiku, prices, retiresOn: '2027-06-30' });
    expect(result.value['claude-next-1']).toMatchObject({ name: 'Claude Next', status: 'active', tiers: [] });
    expect(result.value['claude-opus-5-5']).toEqual(defaultModelTable['claude-opus-5-5']);
    expect(Object.keys(result.value)).toHaveLength(Object.keys(defaultModelTable).length + 1);
  });

  it('row 62: names the entry, the field, the form and the value of a negative price', () => {
    expect(lines({ 'claude-haiku-5-5': { prices: { ...prices, input: -1 } } })).toEqual([
      'QUARRY_MODELS_FILE: expected entry "claude-haiku-5-5" field prices.input to be a price in USD per million tokens from 0 to 1000, got -1',
    ]);
  });

  it('row 63: refuses huge numbers, including ones JSON turns into Infinity', () => {
    expect(
      lines(
        '{"claude-haiku-5-5": {"prices": {"input": 1e400, "output": 1e20, "cacheWrite5m": 1, "cacheWrite1h": 1, "cacheRead": 1}}}',
      ),
    ).toEqual([
      'QUARRY_MODELS_FILE: expected entry "claude-haiku-5-5" field prices.input to be a price in USD per million tokens from 0 to 1000, got null',
      'QUARRY_MODELS_FILE: expected entry "claude-haiku-5-5" field prices.output to be a price in USD per million tokens from 0 to 1000, got 100000000000000000000',
    ]);
    expect(lines({ 'claude-haiku-5-5': { minCacheableTokens: 2 ** 60, tokenizerFactor: 1e9 } })).toEqual([
      'QUARRY_MODELS_FILE: expected entry "claude-haiku-5-5" field minCacheableTokens to be a whole number of tokens from 1 to 1000000, got 1152921504606847000',
      'QUARRY_MODELS_FILE: expected entry "claude-haiku-5-5" field tokenizerFactor to be a number from 0.1 to 10, got 1000000000',
    ]);
  });

  it('lists every missing field of an incomplete new entry', () => {
    const { prices: _prices, thinking: _thinking, ...incomplete } = newEntry;
    expect(lines({ 'claude-next-1': incomplete })).toEqual([
      'QUARRY_MODELS_FILE: expected entry "claude-next-1" field prices to be a value of type object, but it is not set',
      'QUARRY_MODELS_FILE: expected entry "claude-next-1" field thinking to be one of "none", "optional", "adaptive", "always", but it is not set',
    ]);
  });

  it('row 64: refuses unknown fields, so a misspelt override is not silently ignored', () => {
    expect(lines({ 'claude-haiku-5-5': { price: prices } })).toEqual([
      'QUARRY_MODELS_FILE: expected entry "claude-haiku-5-5" to be only the fields of a model entry (see docs/models.md), got "price"',
    ]);
  });

  it('row 65: refuses tiers out of order, a bad date and a non-http source', () => {
    const tier = (aboveInputTokens: number) => ({ aboveInputTokens, prices });
    expect(
      lines({
        'claude-haiku-5-5': {
          tiers: [tier(200_000), tier(100_000)],
          retiresOn: '2027-02-31',
          source: { url: 'file:///etc/passwd', checked: '2026-11-24' },
        },
      }),
    ).toEqual([
      'QUARRY_MODELS_FILE: expected entry "claude-haiku-5-5" field tiers to be tiers in ascending order of aboveInputTokens, each threshold once, got [{"aboveInputTokens":200000,"prices":{"input":1,"output":2,"…',
      'QUARRY_MODELS_FILE: expected entry "claude-haiku-5-5" field retiresOn to be a date as YYYY-MM-DD, got "2027-02-31"',
      'QUARRY_MODELS_FILE: expected entry "claude-haiku-5-5" field source.url to be an http(s) URL, got "file:///etc/passwd"',
    ]);
  });

  it('row 61: says what is wrong with a file that is not JSON, not an object, or holds a bad entry or id', () => {
    expect(lines('{"claude-haiku-5-5": {')[0]).toMatch(
      /^QUARRY_MODELS_FILE: expected a JSON file of model entries, got not JSON \(.+\)$/,
    );
    expect(lines([newEntry])).toEqual([
      'QUARRY_MODELS_FILE: expected a JSON object of model entries by model id, got an array',
    ]);
    expect(lines('null')).toEqual([
      'QUARRY_MODELS_FILE: expected a JSON object of model entries by model id, got null',
    ]);
    expect(lines({ 'claude-haiku-5-5': 3, 'bad id\u001b[31m': newEntry })).toEqual([
      'QUARRY_MODELS_FILE: expected entry "claude-haiku-5-5" to be an object of model fields, got 3',
      'QUARRY_MODELS_FILE: expected entry ids to be a model id (letters, digits, . _ @ : -; at most 128), got "bad id\\u001b[31m"',
    ]);
  });

  it('refuses more than 500 entries', () => {
    const many = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`m-${i}`, newEntry]));
    expect(lines(many)).toEqual(['QUARRY_MODELS_FILE: expected at most 500 model entries, got 501 entries']);
  });
});
