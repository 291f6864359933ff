import { describe, expect, it } from 'vitest';
import { type DocumentReading, documentReadingCache } from './document-reading-cache';

const reading = (text: string | null): DocumentReading => ({
  mediaType: 'application/pdf',
  text,
  pageStarts: text === null ? null : [0],
  estimatedTokens: 3_100,
});

describe('documentReadingCache', () => {
  it('keeps at most maxEntries readings, dropping the least recently used', () => {
    const cache = documentReadingCache({ maxEntries: 2 });
    cache.set('a', reading('A'));
    cache.set('b', reading('B'));
    expect(cache.get('a')).toEqual(reading('A'));
    cache.set('c', reading('C'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual(reading('A'));
    expect(cache.get('c')).toEqual(reading('C'));
    expect(cache.size).toBe(2);
  });

  it('keeps at most maxTextCharacters of text, and no reading whose text alone is over it', () => {
    const cache = documentReadingCache({ maxEntries: 10, maxTextCharacters: 10 });
    cache.set('a', reading('x'.repeat(6)));
    cache.set('b', reading(null));
    cache.set('c', reading('y'.repeat(3)));
    // 6 + 1 + 3 = 10 characters: full. Six more push out the oldest.
    cache.set('e', reading('u'.repeat(6)));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual(reading(null));
    expect(cache.get('c')).toEqual(reading('y'.repeat(3)));
    cache.set('huge', reading('z'.repeat(11)));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('e')).toEqual(reading('u'.repeat(6)));
    // Replacing a reading counts its text once.
    cache.set('c', reading('w'.repeat(3)));
    expect([...cache.keys()].sort()).toEqual(['b', 'c', 'e']);
  });
});
