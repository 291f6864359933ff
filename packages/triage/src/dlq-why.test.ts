import { buildDlqRecord, type DlqReasonKind } from '@quarry/queue';
import { describe, expect, it } from 'vitest';
import { dlqHeadline, dlqNextStep, dlqWhy } from './dlq-why';
import { attempt, issueAt } from './test-fixtures/triage-test-kit';
import { topIssueOf } from './top-issue';

const recordOf = (
  attempts: ReturnType<typeof attempt>[],
  options: { kind?: DlqReasonKind; id?: string } = {},
) =>
  buildDlqRecord({
    job: {
      id: options.id ?? 'job-1',
      timestamp: 1,
      data: { workflow: 'invoice', version: 2, input: {} },
      attemptsMade: 1,
    },
    reason: { kind: options.kind ?? 'validation_exhausted', message: 'gave up after 3 model attempts' },
    attempts,
    deadLetteredAt: new Date(Date.UTC(2025, 5, 1)),
  });

describe('why a record was dead-lettered', () => {
  it('leads with the most frequent issue, as its latest attempt worded it', () => {
    const record = recordOf([
      attempt(1, [issueAt('lineItems[0].amount'), issueAt('total')]),
      attempt(2, [{ ...issueAt('lineItems[3].amount'), message: 'Expected number, received string' }]),
      attempt(3, [issueAt('total', 'too_small')]),
    ]);
    expect(topIssueOf(record)).toEqual({
      source: 'schema',
      path: 'lineItems[3].amount',
      message: 'Expected number, received string',
      count: 2,
    });
    expect(dlqHeadline(record)).toBe('lineItems[3].amount: Expected number, received string');
    expect(dlqWhy(record, 'dead')).toEqual({
      why: 'validation_exhausted after 3 model calls; top issue (seen 2×) lineItems[3].amount: Expected number, received string',
      topIssue: expect.objectContaining({ path: 'lineItems[3].amount' }),
      next: { kind: 'replay', command: `quarry replay-dlq --ids ${record.dlqId} --dry-run` },
    });
  });

  it("falls back to the reason's message when no attempt had an issue, and names the whole value (root)", () => {
    const none = recordOf([attempt(1)], { kind: 'refused' });
    expect(dlqHeadline(none)).toBe('gave up after 3 model attempts');
    expect(dlqWhy(none, 'dead').why).toBe('refused after 1 model call: gave up after 3 model attempts');
    expect(dlqHeadline(recordOf([attempt(1, [issueAt('')])]))).toBe('(root): expected a number at ');
  });

  it('offers a forced dry run for a quarantined record and none for a replayed one', () => {
    const record = recordOf([attempt(1)]);
    expect(dlqNextStep(record, 'quarantined')).toEqual({
      kind: 'replay-forced',
      command: `quarry replay-dlq --ids ${record.dlqId} --force --dry-run`,
    });
    const replayed = { ...record, replay: { jobId: 'replay-1', replayedAt: '2025-06-02T00:00:00.000Z' } };
    expect(dlqNextStep(replayed, 'replayed')).toEqual({ kind: 'replayed', jobId: 'replay-1' });
  });

  it('offers no command for a record whose id is not a DLQ id (text from Redis is not trusted)', () => {
    const record = { ...recordOf([attempt(1)]), dlqId: 'dlq-1; rm -rf ~' };
    expect(dlqNextStep(record, 'dead')).toEqual({ kind: 'none' });
    expect(dlqNextStep(record, 'quarantined')).toEqual({ kind: 'none' });
  });
});
