import { WEBHOOK_BATCH_JOB_IDS_LIMIT } from '@quarry/queue';
import { describe, expect, it } from 'vitest';
import { batchEndedFacts } from './emit-batch-ended';

describe('batchEndedFacts', () => {
  it("groups a batch's entries by their job's workflow, counting results by type and leaving out jobs of no subscribed workflow", () => {
    const facts = batchEndedFacts({
      workflows: new Map([
        ['a', 'note'],
        ['b', 'note'],
        ['c', 'invoice'],
      ]),
      entries: [
        { ref: 'b@1#1', type: 'succeeded' },
        { ref: 'a@1#2', type: 'errored' },
        { ref: 'a@1#3', type: null },
        { ref: 'c@5#1', type: 'expired' },
        { ref: 'x@1#1', type: 'succeeded' },
        { ref: 'not a ref', type: 'canceled' },
      ],
      endedAtMs: Date.UTC(2025, 0, 2, 3, 4, 5),
    });
    expect(Object.fromEntries(facts)).toEqual({
      note: {
        endedAt: '2025-01-02T03:04:05.000Z',
        entries: 3,
        counts: { succeeded: 1, errored: 1, expired: 0, canceled: 0 },
        jobIds: ['a', 'b'],
        jobIdsTruncated: false,
      },
      invoice: {
        endedAt: '2025-01-02T03:04:05.000Z',
        entries: 1,
        counts: { succeeded: 0, errored: 0, expired: 1, canceled: 0 },
        jobIds: ['c'],
        jobIdsTruncated: false,
      },
    });
  });

  it('names at most WEBHOOK_BATCH_JOB_IDS_LIMIT job ids and says when there were more', () => {
    const n = WEBHOOK_BATCH_JOB_IDS_LIMIT + 1;
    const ids = Array.from({ length: n }, (_, i) => `job-${String(i).padStart(6, '0')}`);
    const facts = batchEndedFacts({
      workflows: new Map(ids.map((id) => [id, 'note'])),
      entries: ids.map((id) => ({ ref: `${id}@1#1`, type: 'succeeded' as const })),
      endedAtMs: 0,
    }).get('note');
    expect(facts?.entries).toBe(n);
    expect(facts?.counts.succeeded).toBe(n);
    expect(facts?.jobIds).toHaveLength(WEBHOOK_BATCH_JOB_IDS_LIMIT);
    expect(facts?.jobIds.at(-1)).toBe(ids.at(-2));
    expect(facts?.jobIdsTruncated).toBe(true);
  });
});
