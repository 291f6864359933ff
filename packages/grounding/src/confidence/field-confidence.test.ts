import type { FieldOutcome } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { groundingPlan } from '../plan/grounding-plan';
import { fieldConfidence } from './field-confidence';
import { weakFieldReason, weakFields } from './weak-fields';

function outcome(
  path: string,
  value: unknown,
  status: FieldOutcome['status'],
  match: FieldOutcome['match'],
  similarity = 1,
): FieldOutcome {
  return { path, value: JSON.stringify(value), status, match, similarity: match === 'none' ? 0 : similarity };
}

describe('fieldConfidence', () => {
  it('scores a single attempt by match kind', () => {
    const scores = fieldConfidence([
      [
        outcome('a', 'x', 'grounded', 'exact'),
        outcome('b', 'x', 'grounded', 'normalised'),
        outcome('c', 'x', 'grounded', 'fuzzy', 0.9),
        outcome('d', '2026-03-05', 'ambiguous', 'exact'),
        outcome('e', 'x', 'mismatch', 'exact'),
        outcome('f', 'x', 'not_found', 'none'),
        outcome('g', 'x', 'unchecked', 'none'),
      ],
    ]);
    expect(scores.map((s) => [s.path, s.confidence])).toEqual([
      ['a', 1],
      ['b', 0.9],
      ['c', 0.72],
      ['d', 0.7],
      ['e', 0],
      ['f', 0],
    ]);
  });

  it('lowers fields that needed more attempts or changed between them', () => {
    const scores = fieldConfidence([
      [outcome('total', 12, 'mismatch', 'exact'), outcome('number', 'A-1', 'grounded', 'exact')],
      [outcome('total', 21, 'not_found', 'none'), outcome('number', 'A-7', 'grounded', 'exact')],
      [outcome('total', 21, 'grounded', 'exact'), outcome('number', 'A-1', 'grounded', 'exact')],
    ]);
    expect(scores).toEqual([
      { path: 'total', confidence: 0.6, match: 'exact', failures: 2, agreement: 0.67, failed: false },
      { path: 'number', confidence: 0.83, match: 'exact', failures: 0, agreement: 0.67, failed: false },
    ]);
  });

  it('has nothing to score without an accepted attempt', () => {
    expect(fieldConfidence([])).toEqual([]);
  });
});

describe('weakFields', () => {
  const plan = groundingPlan({
    output: z.object({
      total: z.number(),
      number: z.string(),
      note: z.string(),
      lines: z.array(z.object({ sku: z.string() })),
    }),
    grounding: {
      mode: 'require',
      fields: {
        total: { reviewBelow: 0.9 },
        'lines[].sku': { reviewBelow: 0.8 },
        note: { mode: 'check' },
      },
    },
  });

  it('names the fields below their reviewBelow, and only those, with what lowered them', () => {
    const confidences = fieldConfidence([
      [outcome('total', 12, 'mismatch', 'exact'), outcome('lines[0].sku', 'A', 'grounded', 'exact')],
      [
        outcome('total', 12, 'grounded', 'fuzzy', 0.95),
        outcome('number', 'N', 'grounded', 'fuzzy', 0.86),
        outcome('lines[0].sku', 'A', 'grounded', 'exact'),
        outcome('lines[1].sku', 'B', 'grounded', 'fuzzy', 0.9),
      ],
    ]);
    const weak = weakFields({ plan, confidences });
    expect(weak).toEqual([
      {
        path: 'total',
        confidence: 0.65,
        reviewBelow: 0.9,
        reason: 'fuzzy match, failed grounding in 1 earlier attempt',
      },
      { path: 'lines[1].sku', confidence: 0.72, reviewBelow: 0.8, reason: 'fuzzy match' },
    ]);
    expect(weak.map(weakFieldReason)).toEqual([
      'grounding: total: confidence 0.65 is below 0.9 (fuzzy match, failed grounding in 1 earlier attempt)',
      'grounding: lines[1].sku: confidence 0.72 is below 0.8 (fuzzy match)',
    ]);
  });

  it('names a checked value that failed grounding even without a reviewBelow, with no second review reason', () => {
    const confidences = fieldConfidence([[outcome('note', 'late fee', 'mismatch', 'exact')]]);
    const weak = weakFields({ plan, confidences });
    expect(weak).toEqual([{ path: 'note', confidence: 0, reviewBelow: null, reason: 'failed grounding' }]);
    expect(weak.map(weakFieldReason)).toEqual([null]);
  });
});
