import { buildDlqRecord, type DlqReason } from '@quarry/queue';
import { describe, expect, it } from 'vitest';
import { fingerprintGroupsOf } from './fingerprint-groups';
import { selectRecords } from './select-records';
import { selectorsFromText } from './selectors-from-text';

const now = Date.parse('2025-06-10T12:00:00Z');

const record = (id: string, reason: DlqReason) =>
  buildDlqRecord({
    job: {
      id,
      data: { workflow: 'invoice', version: 1, input: { text: 'x' } },
      attemptsMade: 1,
      timestamp: now,
    },
    reason,
    attempts: [],
    deadLetteredAt: new Date(now),
  });

const records = [
  record('a', { kind: 'refused', message: 'The model refused to answer (cyber)', refusalCategory: 'cyber' }),
  record('b', { kind: 'refused', message: 'The model refused to answer (bio)', refusalCategory: 'bio' }),
  record('c', { kind: 'refused', message: 'The model refused to answer' }),
  record('d', { kind: 'validation_exhausted', message: 'No valid reply after 3 attempts' }),
];
const ids = (reason: string) =>
  selectRecords(records, selectorsFromText({ reason }, now))
    .map((selected) => selected.sourceJobId)
    .sort();

describe('selecting and grouping dead letters by refusal category', () => {
  it('selects every refusal with --reason refused and one category with --reason refused:<category>', () => {
    expect(ids('refused')).toEqual(['a', 'b', 'c']);
    expect(ids('refused:cyber')).toEqual(['a']);
    expect(ids('refused:general_harms')).toEqual([]);
    expect(ids('validation_exhausted')).toEqual(['d']);
  });

  it('row 83: --reason refused:weather -> names a reason that is neither a kind nor a refusal category', () => {
    expect(() => selectorsFromText({ reason: 'refused:weather' }, now)).toThrow(
      /--reason: must be one of .*refused:cyber.*; got "refused:weather"/,
    );
  });

  it('groups refusals by category, each group labelled refused:<category>', () => {
    const groups = fingerprintGroupsOf(records, { maxRedrives: 3, topIssues: 3 });
    expect(groups.map((group) => group.reason).sort()).toEqual([
      'refused',
      'refused:bio',
      'refused:cyber',
      'validation_exhausted',
    ]);
  });
});
