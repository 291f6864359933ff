import { describe, expect, it } from 'vitest';
import { dlqSplitPart } from './dlq-split-part';
import { childPart } from './test-fixtures/split-records';

describe('dlqSplitPart', () => {
  it("reads the part of a child's job data", () => {
    const part = childPart('job-1', 1);
    expect(dlqSplitPart({ input: { workflow: 'note', part } })).toEqual(part);
  });

  it('is null for a job that is no child, and for input that is not job data or a part that does not read', () => {
    for (const input of [
      { workflow: 'note' },
      null,
      'text',
      42,
      { part: null },
      { part: { ...childPart('job-1', 1), index: -1 } },
      { part: { ...childPart('job-1', 1), parentId: '' } },
      { part: { ...childPart('job-1', 1), extra: true } },
    ])
      expect(dlqSplitPart({ input })).toBeNull();
  });
});
