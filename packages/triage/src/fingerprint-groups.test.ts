import { buildDlqRecord, type DlqGroupSummary, dlqIndexEntry } from '@quarry/queue';
import { describe, expect, it } from 'vitest';
import { type FingerprintGroup, fingerprintGroupOf, largestFirst } from './fingerprint-groups';

const at = Date.parse('2025-06-10T12:00:00Z');
const entry = (id: string, seconds: number) =>
  dlqIndexEntry(
    buildDlqRecord({
      job: { id, data: { workflow: 'invoice', version: 1, input: {} }, attemptsMade: 1, timestamp: at },
      reason: { kind: 'refused', message: `refused ${id}`, refusalCategory: 'cyber' },
      attempts: [],
      deadLetteredAt: new Date(at + seconds * 1000),
    }),
  );

const summary: DlqGroupSummary = {
  fingerprint: 'f1',
  count: 7,
  workflows: { 'invoice@v1': 2, 'invoice@v2': 4, 'a@v1': 1 },
  states: { replayed: 1, quarantined: 1, deadByRedrives: { '0': 2, '2': 1, '3': 1, '5': 1 } },
  issues: [
    { signature: 'b', count: 3, example: 'x' },
    { signature: 'a', count: 3, example: 'y' },
    { signature: 'c', count: 9, example: 'z' },
  ],
  oldest: entry('old', 0),
  newest: entry('new', 60),
};

describe('fingerprintGroupOf', () => {
  it('judges quarantine by the redrive count, orders workflows and issues, and cuts the issues', () => {
    expect(fingerprintGroupOf(summary, { maxRedrives: 3, topIssues: 2 })).toEqual({
      fingerprint: 'f1',
      count: 7,
      reason: 'refused:cyber',
      message: 'refused new',
      workflows: ['invoice@v2', 'invoice@v1', 'a@v1'],
      firstSeen: '2025-06-10T12:00:00.000Z',
      lastSeen: '2025-06-10T12:01:00.000Z',
      states: { dead: 3, replayed: 1, quarantined: 3 },
      topIssues: [
        { signature: 'c', count: 9, example: 'z' },
        { signature: 'a', count: 3, example: 'y' },
      ],
    });
    expect(fingerprintGroupOf(summary, { maxRedrives: 10, topIssues: 5 }).states).toEqual({
      dead: 5,
      replayed: 1,
      quarantined: 1,
    });
  });

  it('puts the largest group first, then the most recent, then by fingerprint', () => {
    const group = (fingerprint: string, count: number, lastSeen: string) =>
      ({ fingerprint, count, lastSeen }) as FingerprintGroup;
    const groups = [
      group('c', 2, '2025-06-01T00:00:00Z'),
      group('b', 5, '2025-06-01T00:00:00Z'),
      group('a', 2, '2025-06-01T00:00:00Z'),
      group('d', 2, '2025-06-02T00:00:00Z'),
    ];
    expect(groups.sort(largestFirst).map((g) => g.fingerprint)).toEqual(['b', 'd', 'a', 'c']);
  });
});
