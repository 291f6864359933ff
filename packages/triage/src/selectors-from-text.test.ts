import { describe, expect, it } from 'vitest';
import { ReplayOptionsError } from './errors/replay-options-error';
import { SelectorError } from './errors/selector-error';
import { overridesFromText, selectorsFromText } from './selectors-from-text';

const now = Date.parse('2025-06-10T12:00:00Z');

describe('selectorsFromText', () => {
  it('reads every selector', () => {
    expect(
      selectorsFromText(
        {
          ids: 'dlq-a, dlq-b,',
          fingerprint: 'abc',
          workflow: 'invoice',
          version: '2',
          reason: 'no_progress',
          since: '2h',
          until: '2025-06-10T11:00:00Z',
          limit: '10',
          all: true,
        },
        now,
      ),
    ).toEqual({
      ids: ['dlq-a', 'dlq-b'],
      fingerprint: 'abc',
      workflow: 'invoice',
      version: 2,
      reason: 'no_progress',
      since: new Date('2025-06-10T10:00:00Z'),
      until: new Date('2025-06-10T11:00:00Z'),
      limit: 10,
      all: true,
    });
  });

  it('treats empty fields as absent', () => {
    expect(selectorsFromText({ ids: ' ', workflow: '', since: '' }, now)).toEqual({});
  });

  it('names every bad value', () => {
    const error = (() => {
      try {
        return selectorsFromText({ ids: ',', version: 'x', reason: 'oops', since: 'soon', limit: '0' }, now);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(SelectorError);
    expect((error as SelectorError).problems).toEqual([
      '--ids: give one or more DLQ ids separated by commas',
      '--version: must be a positive integer, got "x"',
      expect.stringMatching(/^--reason: must be one of validation_exhausted, .*; got "oops"$/),
      expect.stringMatching(/^--since: must be a duration ago .*; got "soon"$/),
      '--limit: must be a positive integer, got "0"',
    ]);
  });

  it('refuses a version without a workflow', () => {
    expect(() => selectorsFromText({ version: '2' }, now)).toThrow('--version: needs --workflow');
  });
});

describe('overridesFromText', () => {
  it('reads latest, numbers and models', () => {
    expect(overridesFromText({ toVersion: 'latest', model: 'claude-opus-4-1', maxAttempts: '4' })).toEqual({
      toVersion: 'latest',
      model: 'claude-opus-4-1',
      maxAttempts: 4,
    });
    expect(overridesFromText({ toVersion: '3' })).toEqual({ toVersion: 3 });
  });

  it('names values that are not numbers', () => {
    expect(() => overridesFromText({ toVersion: 'newest', maxAttempts: 'many' })).toThrow(ReplayOptionsError);
  });
});
