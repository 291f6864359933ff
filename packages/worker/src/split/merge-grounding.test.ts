import type { ExtractionJobResult } from '@quarry/queue';
import { describe, expect, it } from 'vitest';
import { mergeGrounding } from './merge-grounding';

const base = {
  needsReview: false,
  reviewReasons: [],
  attempts: 1,
  usage: { inputTokens: 0, outputTokens: 0, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
  costUsd: 0,
  model: 'm',
  workflow: 'w',
  version: 1,
  durationMs: 0,
};
const at = (quote: string, start: number, page?: number) => ({
  start,
  end: start + quote.length,
  quote,
  match: 'exact' as const,
  ...(page ? { page } : {}),
});

describe('mergeGrounding', () => {
  it('moves each item to its index in the merged output and each quote to the page of the document', () => {
    const first: ExtractionJobResult = {
      ...base,
      data: { rows: [{ id: 'a' }, { id: 'b' }] },
      provenance: { 'rows[0].id': at('a', 0, 1), 'rows[1].id': at('b', 5, 10) },
      fieldConfidence: { 'rows[0].id': 1, 'rows[1].id': 1 },
    };
    const second: ExtractionJobResult = {
      ...base,
      data: { rows: [{ id: 'b' }, { id: 'c' }] },
      provenance: { 'rows[0].id': at('b', 5, 1), 'rows[1].id': at('c', 9, 4) },
      fieldConfidence: { 'rows[0].id': 1, 'rows[1].id': 0.5 },
      weakFields: [{ path: 'rows[1].id', confidence: 0.5, reviewBelow: 0.8, reason: 'fuzzy match' }],
    };
    const merged = mergeGrounding({
      data: { rows: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] },
      children: [
        { result: first, firstPage: 1, windowText: null },
        { result: second, firstPage: 10, windowText: null },
      ],
    });
    expect(merged.provenance).toEqual({
      'rows[0].id': at('a', 0, 1),
      'rows[1].id': at('b', 5, 10),
      'rows[2].id': at('c', 9, 13),
    });
    expect(merged.fieldConfidence).toEqual({ 'rows[0].id': 1, 'rows[1].id': 1, 'rows[2].id': 0.5 });
    expect(merged.weakFields).toEqual([
      { path: 'rows[2].id', confidence: 0.5, reviewBelow: 0.8, reason: 'fuzzy match' },
    ]);
  });

  it('pages a text window by its form feeds, and drops what the merge did not keep', () => {
    const child: ExtractionJobResult = {
      ...base,
      data: { title: 'T', total: 1 },
      provenance: { title: at('T', 0), total: at('1', 8) },
    };
    const merged = mergeGrounding({
      data: { title: 'T', total: 2 },
      children: [{ result: child, firstPage: 5, windowText: 'T page\f1 later' }],
    });
    expect(merged.provenance).toEqual({ title: { ...at('T', 0), page: 5 } });
  });

  it('gives nothing when no child was grounded', () => {
    expect(
      mergeGrounding({
        data: {},
        children: [{ result: { ...base, data: {} }, firstPage: 1, windowText: null }],
      }),
    ).toEqual({});
  });
});
