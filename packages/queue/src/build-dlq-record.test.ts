import { issueSignature } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { buildDlqRecord } from './build-dlq-record';
import { dlqIdFor } from './dlq-id';
import { fingerprint } from './fingerprint';
import { attemptRecord, schemaIssue } from './test-fixtures/attempt-record';

const job = (data: unknown) => ({ id: 'job-7', timestamp: Date.UTC(2025, 0, 2), data, attemptsMade: 3 });

describe('buildDlqRecord', () => {
  it('assembles totals, fingerprint, lineage and timestamps from the job and its attempts', () => {
    const issue = schemaIssue('lineItems[2].amount');
    const record = buildDlqRecord({
      job: job({
        workflow: 'invoice',
        version: 2,
        input: { text: 'doc' },
        lineage: { rootJobId: 'root', replayOf: 'job-1', redriveCount: 1 },
      }),
      reason: { kind: 'no_progress', message: 'same reply twice' },
      attempts: [
        attemptRecord({ n: 1, issues: [issue] }),
        attemptRecord({ n: 2, issues: [issue], costUsd: null }),
      ],
      lessonsInjected: ['rule:total:sum'],
      deadLetteredAt: new Date(Date.UTC(2025, 0, 3)),
    });
    expect(record).toMatchObject({
      dlqId: dlqIdFor({ id: 'job-7', timestamp: Date.UTC(2025, 0, 2) }),
      sourceJobId: 'job-7',
      workflow: 'invoice',
      version: 2,
      fingerprint: fingerprint({ reason: 'no_progress', signatures: [issueSignature(issue)] }),
      totals: { modelCalls: 2, inputTokens: 2000, outputTokens: 400, costUsd: null, durationMs: 200 },
      lessonsInjected: ['rule:total:sum'],
      jobAttempts: 3,
      firstEnqueuedAt: '2025-01-02T00:00:00.000Z',
      deadLetteredAt: '2025-01-03T00:00:00.000Z',
      lineage: { rootJobId: 'root', replayOf: 'job-1', redriveCount: 1 },
      state: 'dead',
    });
  });

  it('row 48: a DLQ reason taken from a library error holding a URL password or an API key -> stores the reason message without secrets or control characters, cut at 2000 characters', () => {
    const reason = (message: string) =>
      buildDlqRecord({
        job: job({ workflow: 'invoice' }),
        reason: { kind: 'unexpected', message },
        attempts: [],
      }).reason.message;
    expect(
      reason('connect redis://app:hunter2@cache:6379 failed\u001b[31m with key sk-ant-api03-Zz9_leak\u202e'),
    ).toBe('connect redis://app:***@cache:6379 failed [31m with key sk-ant-[redacted] ');
    const long = reason('x'.repeat(5000));
    expect(long).toHaveLength(2000);
    expect(long.endsWith('…')).toBe(true);
  });

  it('keeps a payload that broke the contract intact, with no workflow version', () => {
    const record = buildDlqRecord({
      job: job('not an object'),
      reason: { kind: 'invalid_payload', message: 'bad' },
      attempts: [],
    });
    expect(record).toMatchObject({
      workflow: '',
      version: null,
      input: 'not an object',
      lineage: { rootJobId: 'job-7', redriveCount: 0 },
      totals: { modelCalls: 0, costUsd: 0 },
    });
  });

  it('takes the workflow and version the worker resolved', () => {
    const record = buildDlqRecord({
      job: job({ workflow: 'invoice', input: {} }),
      reason: { kind: 'unknown_workflow', message: 'x' },
      attempts: [],
      version: 4,
      jobAttempts: 1,
    });
    expect(record).toMatchObject({ workflow: 'invoice', version: 4, jobAttempts: 1 });
  });
});
