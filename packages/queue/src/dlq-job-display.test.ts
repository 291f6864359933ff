import { describe, expect, it } from 'vitest';
import { attemptLogLine, dlqJobName } from './dlq-job-display';
import { attemptRecord, schemaIssue } from './test-fixtures/attempt-record';

describe('dlqJobName', () => {
  it('names workflow, version and reason kind', () => {
    const reason = { kind: 'validation_exhausted', message: 'm' } as const;
    expect(dlqJobName({ workflow: 'invoice', version: 2, reason })).toBe('invoice@v2 · validation_exhausted');
    expect(
      dlqJobName({ workflow: '', version: null, reason: { kind: 'invalid_payload', message: 'm' } }),
    ).toBe('(no workflow)@v? · invalid_payload');
    const refused = { kind: 'refused', message: 'm', refusalCategory: 'cyber' } as const;
    expect(dlqJobName({ workflow: 'invoice', version: 1, reason: refused })).toBe(
      'invoice@v1 · refused:cyber',
    );
  });
});

describe('attemptLogLine', () => {
  it('summarizes number, duration, issues and tokens', () => {
    const line = attemptLogLine(
      attemptRecord({
        n: 2,
        durationMs: 1420,
        issues: [
          schemaIssue('total'),
          schemaIssue('lineItems[0].amount'),
          schemaIssue('lineItems[1].amount'),
        ],
      }),
    );
    expect(line).toBe(
      'attempt 2 · 1.4 s · 3 issues: schema:total:invalid_type, schema:lineItems[].amount:invalid_type · 1000 in (+500 cached) / 200 out tokens',
    );
  });

  it('says when an attempt had no issues, cuts long lists and names unusual stops', () => {
    expect(attemptLogLine(attemptRecord({ n: 1, stopReason: 'max_tokens' }))).toBe(
      'attempt 1 · 0.1 s · no issues · stop max_tokens · 1000 in (+500 cached) / 200 out tokens',
    );
    expect(attemptLogLine(attemptRecord({ n: 1, stopReason: 'refusal', refusalCategory: 'bio' }))).toContain(
      '· stop refusal (bio) ·',
    );
    const many = attemptLogLine(
      attemptRecord({ n: 3, issues: ['a', 'b', 'c', 'd', 'e'].map((p) => schemaIssue(p)) }),
    );
    expect(many).toContain(
      '5 issues: schema:a:invalid_type, schema:b:invalid_type, schema:c:invalid_type +2 more',
    );
  });
});
