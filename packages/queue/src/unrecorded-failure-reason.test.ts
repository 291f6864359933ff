import { describe, expect, it } from 'vitest';
import { UnreadableJobData } from './unreadable-job-data';
import { BULLMQ_STALLED_REASON, unrecordedFailureReason } from './unrecorded-failure-reason';

const job = (data: unknown, failedReason?: string) => ({
  id: '1',
  timestamp: 0,
  data,
  attemptsMade: 1,
  failedReason,
});

describe('unrecordedFailureReason', () => {
  it('recognizes a job that stalled too often', () => {
    expect(unrecordedFailureReason(job({ workflow: 'invoice', input: {} }, BULLMQ_STALLED_REASON)).kind).toBe(
      'stalled',
    );
  });

  it('names the contract problems of a poisoned job', () => {
    expect(unrecordedFailureReason(job({ workflow: 7 }, 'boom'))).toEqual({
      kind: 'invalid_payload',
      message:
        'The job data breaks the job contract: workflow: Invalid input: expected string, received number; input: is required (the workflow input)',
    });
  });

  it('recognizes a job whose stored data could not be read, even one that also stalled', () => {
    const data = UnreadableJobData.fromHash({ data: 'not json {' });
    expect(unrecordedFailureReason(job(data, BULLMQ_STALLED_REASON))).toEqual({
      kind: 'bad_payload',
      message: expect.stringMatching(/^The stored job cannot be read: data: not valid JSON/),
    });
  });

  it('falls back to unexpected with the failure message', () => {
    expect(unrecordedFailureReason(job({ workflow: 'invoice', input: {} }, 'socket hang up'))).toEqual({
      kind: 'unexpected',
      message: 'socket hang up',
    });
    expect(unrecordedFailureReason(job({ workflow: 'invoice', input: {} })).message).toBe(
      'The job failed without a reason',
    );
  });
});
