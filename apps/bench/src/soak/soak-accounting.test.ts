import type { DlqRecord, ExtractionJobResult } from '@quarry/queue';
import { describe, expect, it } from 'vitest';
import type { CompletedJob, RunOutcomes } from '../outcomes';
import { accountSoak } from './soak-accounting';

const result = (attempts: number): ExtractionJobResult => ({
  data: {},
  needsReview: false,
  reviewReasons: [],
  attempts,
  usage: { inputTokens: 1, outputTokens: 1, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
  costUsd: 0,
  model: 'claude-sonnet-4-6',
  workflow: 'invoice',
  version: 1,
  durationMs: 1,
});

const done = (jobId: string, attempts: number, stalledCounter = 0): CompletedJob => ({
  jobId,
  data: {},
  result: result(attempts),
  stalledCounter,
});

const record = (sourceJobId: string, attempts: number, dlqId = `dlq-${sourceJobId}`): DlqRecord =>
  ({
    dlqId,
    sourceJobId,
    workflow: 'invoice',
    version: 1,
    reason: { kind: 'no_progress', message: 'same answer twice' },
    fingerprint: 'f',
    input: {},
    attempts: Array.from({ length: attempts }, (_, i) => ({ n: i + 1 })),
    totals: {},
    lessonsInjected: [],
    jobAttempts: 1,
    firstEnqueuedAt: '2025-01-01T00:00:00.000Z',
    deadLetteredAt: '2025-01-01T00:00:01.000Z',
    lineage: { rootJobId: sourceJobId, redriveCount: 0 },
    state: 'dead',
  }) as unknown as DlqRecord;

const outcomes = (parts: Partial<RunOutcomes>): RunOutcomes => ({
  completed: [],
  failedJobIds: [],
  failedStalls: new Map(),
  deadLettered: [],
  unreadableDlqJobs: [],
  ...parts,
});

const enqueued = new Map([
  ['a', 'ref-a'],
  ['b', 'ref-b'],
  ['c', 'ref-c'],
]);

const row = (accounting: ReturnType<typeof accountSoak>, label: string) =>
  accounting.rows.find((entry) => entry.label.trim() === label);

describe('accountSoak', () => {
  it('passes a run where every job ended once and every answered call is a saved attempt', () => {
    const accounting = accountSoak({
      enqueued,
      outcomes: outcomes({
        completed: [done('a', 1), done('b', 2, 1)],
        failedJobIds: ['c'],
        deadLettered: [record('c', 2)],
      }),
      perDocument: {
        'ref-a': { calls: 3, answered: 1 },
        // b lost the answer it had in flight when its worker was killed (one stall).
        'ref-b': { calls: 3, answered: 3 },
        'ref-c': { calls: 2, answered: 2 },
      },
    });
    expect(accounting.discrepancies).toEqual([]);
    expect(accounting.rows.every((entry) => entry.ok)).toBe(true);
    expect(row(accounting, 'answers lost with a killed worker (≤ 1 per stall)')?.value).toBe(1);
    expect(row(accounting, 'refused at the transport level (429, 5xx, reset)')?.value).toBe(2);
    expect(row(accounting, 'reason no_progress')?.value).toBe(1);
  });

  it('reports lost jobs, jobs that ended twice, duplicate and stray DLQ records', () => {
    const accounting = accountSoak({
      enqueued,
      outcomes: outcomes({
        completed: [done('a', 1)],
        failedJobIds: ['a', 'b'],
        deadLettered: [record('a', 1), record('b', 1, 'dlq-b-1'), record('b', 1, 'dlq-b-2'), record('zz', 1)],
      }),
      perDocument: { 'ref-a': { calls: 1, answered: 1 }, 'ref-b': { calls: 1, answered: 1 } },
    });
    expect(accounting.discrepancies).toEqual([
      'job a is completed and has a DLQ record',
      'job c neither completed nor dead-lettered',
      'job b has 2 DLQ records',
      'DLQ record of job zz, which was never enqueued',
    ]);
    expect(row(accounting, 'jobs in neither (lost)')).toMatchObject({ value: 1, ok: false });
    expect(row(accounting, 'duplicate DLQ records')).toMatchObject({ value: 1, ok: false });
  });

  it('reports a call paid again for an attempt already saved, and attempts nobody paid for', () => {
    const accounting = accountSoak({
      enqueued: new Map([
        ['a', 'ref-a'],
        ['b', 'ref-b'],
      ]),
      outcomes: outcomes({ completed: [done('a', 2), done('b', 3)] }),
      perDocument: { 'ref-a': { calls: 3, answered: 3 }, 'ref-b': { calls: 2, answered: 2 } },
    });
    expect(accounting.discrepancies).toEqual([
      'job a: 3 calls answered, 2 attempts saved, 0 stalls',
      'job b has 3 attempts saved but the model answered 2 calls',
    ]);
    expect(row(accounting, 'calls re-paid for a saved attempt')).toMatchObject({ value: 1, ok: false });
    expect(row(accounting, 'attempts saved without a paid call')).toMatchObject({ value: 1, ok: false });
  });

  it('names a failed job that has no DLQ record', () => {
    const accounting = accountSoak({
      enqueued: new Map([['a', 'ref-a']]),
      outcomes: outcomes({ failedJobIds: ['a'] }),
      perDocument: {},
    });
    expect(accounting.discrepancies).toEqual(['job a failed without a DLQ record']);
    expect(row(accounting, 'of which failed without a DLQ record')).toMatchObject({ value: 1, ok: false });
  });

  it('flags a batch request answered twice, even where a stall would excuse an extra realtime answer', () => {
    const accounting = accountSoak({
      enqueued: new Map([['a', 'ref-a']]),
      outcomes: outcomes({ completed: [done('a', 2, 1)] }),
      perDocument: { 'ref-a': { calls: 3, answered: 3 } },
      batchAnswersPerCustomId: { 'ja-g1-a1': 2, 'ja-g1-a2': 1 },
    });
    expect(accounting.discrepancies).toEqual(['batch request ja-g1-a1 was answered 2 times']);
    expect(row(accounting, 'batch entries answered (billed)')).toMatchObject({ value: 3 });
    expect(row(accounting, 'batch requests (custom_ids) paid more than once')).toMatchObject({
      value: 1,
      ok: false,
    });
  });

  it('accounts for jobs sending the same document together: their attempts against its answered calls', () => {
    const shared = new Map([
      ['a', 'ref-doc'],
      ['b', 'ref-doc'],
    ]);
    const passing = accountSoak({
      enqueued: shared,
      outcomes: outcomes({ completed: [done('a', 2), done('b', 1)] }),
      perDocument: { 'ref-doc': { calls: 4, answered: 3 } },
    });
    expect(passing.discrepancies).toEqual([]);
    expect(row(passing, 'attempts saved')?.value).toBe(3);
    const repaid = accountSoak({
      enqueued: shared,
      outcomes: outcomes({ completed: [done('a', 2), done('b', 1)] }),
      perDocument: { 'ref-doc': { calls: 4, answered: 4 } },
    });
    expect(repaid.discrepancies).toEqual(['jobs a, b: 4 calls answered, 3 attempts saved, 0 stalls']);
  });

  it('names a job in neither set as lost without counting its answers as re-paid', () => {
    const accounting = accountSoak({
      enqueued: new Map([
        ['a', 'ref-a'],
        ['b', 'ref-b'],
      ]),
      outcomes: outcomes({ completed: [done('a', 1)] }),
      perDocument: { 'ref-a': { calls: 1, answered: 1 }, 'ref-b': { calls: 2, answered: 2 } },
    });
    expect(accounting.discrepancies).toEqual(['job b neither completed nor dead-lettered']);
    expect(row(accounting, 'calls re-paid for a saved attempt')).toMatchObject({ value: 0, ok: true });
    expect(row(accounting, 'answers to jobs in neither (not compared)')).toMatchObject({ value: 2 });
  });
});
