import { describe, expect, it } from 'vitest';
import { PromptCache } from './prompt-cache';
import type { RequestSegment } from './request-segments';

const segment = (tag: string, characters: number, cacheControl = false): RequestSegment => ({
  tag,
  text: tag[0]?.repeat(characters) ?? '',
  cacheControl,
  oneHour: false,
});
/** Shared prefix of 1,000 tokens, a document of 500, a tail of 100 (4 characters a token). */
const request = (document: string, marks: { shared: boolean; document: boolean }) => [
  segment('system', 4000, marks.shared),
  { ...segment('user', 2000, marks.document), text: document.padEnd(2000, '.') },
  segment('tail', 400),
];
const tokens = (usage: ReturnType<PromptCache['usage']>) => [
  usage.input_tokens,
  usage.cache_creation_input_tokens,
  usage.cache_read_input_tokens,
];

describe('PromptCache', () => {
  it('reads the shared prefix written by another request and writes only the document after it', () => {
    const cache = new PromptCache({ maxEntries: 100 });
    const both = { shared: true, document: true };
    expect(tokens(cache.usage('m', request('a', both)))).toEqual([100, 1500, 0]);
    expect(tokens(cache.usage('m', request('b', both)))).toEqual([100, 500, 1000]);
    expect(tokens(cache.usage('m', request('b', both)))).toEqual([100, 0, 1500]);
    expect(tokens(cache.usage('m', request('c', { shared: true, document: false })))).toEqual([600, 0, 1000]);
  });

  it("row 126: a prefix shorter than the model's minimum cacheable length -> caches nothing before a breakpoint below the minimum cacheable length", () => {
    const cache = new PromptCache({ maxEntries: 100 });
    const both = { shared: true, document: true };
    expect(tokens(cache.usage('m', request('a', both), 1, 1200))).toEqual([100, 1500, 0]);
    expect(tokens(cache.usage('m', request('b', both), 1, 1200))).toEqual([100, 1500, 0]);
    expect(tokens(cache.usage('m', request('b', both), 1, 2000))).toEqual([1600, 0, 0]);
  });
});
