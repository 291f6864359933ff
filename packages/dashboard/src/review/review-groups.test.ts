import type { ReviewEntry } from '@quarry/queue';
import { describe, expect, it } from 'vitest';
import { reasonKind, reviewField, reviewGroups } from './review-groups';

const entry = (jobId: string, reason: string, weakPath?: string): ReviewEntry => ({
  jobId,
  workflow: 'invoice',
  version: 1,
  reasons: [reason],
  ...(weakPath
    ? { weakFields: [{ path: weakPath, confidence: 0.3, reviewBelow: 0.6, reason: 'fuzzy match' }] }
    : {}),
  flaggedAt: '2025-06-01T00:00:00.000Z',
  attempts: 1,
  costUsd: null,
  data: {},
});

describe('review groups', () => {
  it('group by the kind of the first reason and the weakest field, largest group first', () => {
    const rows = [
      entry('a', 'confidence is 0.4, below the review threshold 0.6'),
      entry('b', 'grounding: lineItems[0].amount is weak (0.3)', 'lineItems[0].amount'),
      entry('c', 'grounding: lineItems[7].amount is weak (0.2)', 'lineItems[7].amount'),
      entry('d', 'total-matches: total: does not add up'),
      entry('e', 'confidence is 0.35, below the review threshold 0.6'),
      entry('f', 'grounding: lineItems[1].amount is weak (0.3)', 'lineItems[1].amount'),
    ];
    const groups = reviewGroups(rows, (row) => row);
    expect(groups.map((group) => [group.reason, group.field, group.rows.map((row) => row.jobId)])).toEqual([
      ['grounding', 'lineItems[].amount', ['b', 'c', 'f']],
      ['confidence is #, below the review threshold #', '', ['a', 'e']],
      ['total-matches', 'total', ['d']],
    ]);
  });

  it('keep hostile or huge reasons as bounded text', () => {
    expect(reasonKind(`<b>${'9'.repeat(5000)}</b> ${'x'.repeat(500)}`)).toHaveLength(200);
    expect(reviewField({ reasons: ['rule: <img src=x>: bad'] })).toBe('');
  });
});
