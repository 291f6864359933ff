import { describe, expect, it } from 'vitest';
import { documentSegments, spanProblem } from './document-segments';

describe('documentSegments', () => {
  it('cuts overlapping and nested spans at every boundary, each piece naming every field over it', () => {
    // "abcdefghij": field 0 covers cdef, field 1 covers efgh, field 2 covers e.
    const segments = documentSegments({
      length: 10,
      spans: [
        { field: 0, start: 2, end: 6 },
        { field: 1, start: 4, end: 8 },
        { field: 2, start: 4, end: 5 },
      ],
    });
    expect(segments).toEqual([
      { start: 0, end: 2, fields: [] },
      { start: 2, end: 4, fields: [0] },
      { start: 4, end: 5, fields: [0, 1, 2] },
      { start: 5, end: 6, fields: [0, 1] },
      { start: 6, end: 8, fields: [1] },
      { start: 8, end: 10, fields: [] },
    ]);
  });

  it('cuts spans at the length shown and keeps an empty document empty', () => {
    expect(documentSegments({ length: 4, spans: [{ field: 0, start: 2, end: 9 }] })).toEqual([
      { start: 0, end: 2, fields: [] },
      { start: 2, end: 4, fields: [0] },
    ]);
    expect(documentSegments({ length: 0, spans: [] })).toEqual([]);
  });
});

describe('spanProblem', () => {
  it('names offsets that cannot be drawn', () => {
    expect(spanProblem({ start: 0, end: 3 }, 3)).toBeNull();
    expect(spanProblem({ start: 2, end: 4 }, 3)).toBe('out_of_range');
    expect(spanProblem({ start: -1, end: 2 }, 3)).toBe('out_of_range');
    expect(spanProblem({ start: 2, end: 1 }, 3)).toBe('reversed');
    expect(spanProblem({ start: 1, end: 1 }, 3)).toBe('empty');
    expect(spanProblem({ start: 0.5, end: 2 }, 3)).toBe('not_integer');
  });
});
