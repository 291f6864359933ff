import type { AttemptRecord } from '@quarry/core';
import { buildDlqRecord } from '@quarry/queue';
import { summarize } from '@quarry/triage';
import { describe, expect, it } from 'vitest';
import { renderDlqDetail } from './render-dlq-detail';

const attempt = (n: number, model: string, climb?: AttemptRecord['climb']): AttemptRecord => ({
  n,
  startedAt: '2026-11-24T00:00:00.000Z',
  durationMs: 1000,
  model,
  strategy: 'structured',
  maxTokens: 4096,
  stopReason: 'end_turn',
  requestId: null,
  rawOutput: '{}',
  rawOutputTruncated: false,
  toolCallId: null,
  issues: [{ source: 'schema', path: 'total', code: 'invalid_type', message: 'bad total' }],
  usage: { inputTokens: 100, outputTokens: 20, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
  costUsd: 0.001,
  ...(climb ? { climb } : {}),
});

describe('renderDlqDetail', () => {
  it("names each attempt's model, and why an attempt moved up the model ladder", () => {
    const record = buildDlqRecord({
      job: {
        id: 'job-1',
        timestamp: Date.parse('2026-11-24T00:00:00Z'),
        data: { workflow: 'note', input: {} },
        attemptsMade: 1,
      },
      reason: { kind: 'validation_exhausted', message: 'No valid reply after 3 attempts' },
      attempts: [
        attempt(1, 'claude-haiku-5-5'),
        attempt(2, 'claude-haiku-5-5'),
        attempt(3, 'claude-sonnet-5-5', 'rung_spent'),
      ],
      deadLetteredAt: new Date('2026-11-24T00:01:00Z'),
    });
    const summary = summarize(record, 3);
    const text = renderDlqDetail({
      record,
      summary,
      chain: { rootJobId: 'job-1', records: [summary], missing: [], latestJob: null },
    });
    const lines = text.split('\n').filter((line) => line.includes('Attempt '));
    expect(lines.map((line) => line.trim().split(' · ').slice(0, 2).join(' · '))).toEqual([
      'Attempt 1 · claude-haiku-5-5',
      'Attempt 2 · claude-haiku-5-5',
      'Attempt 3 · claude-sonnet-5-5 (moved up the ladder: rung_spent)',
    ]);
  });
});

describe('renderDlqDetail of split jobs', () => {
  const render = (record: ReturnType<typeof buildDlqRecord>) => {
    const summary = summarize(record, 3);
    return renderDlqDetail({
      record,
      summary,
      chain: { rootJobId: record.lineage.rootJobId, records: [summary], missing: [], latestJob: null },
    });
  };
  const job = (id: string, data: unknown) => ({
    id,
    timestamp: Date.parse('2026-11-24T00:00:00Z'),
    data,
    attemptsMade: 1,
  });

  it("lists a split parent's children after why: failed first, capped at 50, their text neutralised", () => {
    const record = buildDlqRecord({
      job: job('parent-1', { workflow: 'ledger', input: {} }),
      reason: { kind: 'split_child_failed', message: 'child 57 failed' },
      attempts: [attempt(1, 'claude-haiku-5-5')],
      deadLetteredAt: new Date('2026-11-24T00:01:00Z'),
      split: {
        splitId: 's-1',
        children: Array.from({ length: 60 }, (_, index) => ({
          index,
          jobId: `parent-1-c${index}`,
          status: index === 57 ? ('failed' as const) : ('completed' as const),
          pages: [index * 10 + 1, index * 10 + 10] as [number, number],
          paths: ['lines', 'total', 'date', 'vendor\u001b[2J'],
          ...(index === 57 ? { reason: 'validation_exhausted: \u001b[31mbad\u0007 total' } : {}),
          attempts: index === 57 ? 3 : 1,
          costUsd: 0.0015,
        })),
      },
    });
    const text = render(record);
    const lines = text.split('\n');
    const why = lines.findIndex((line) => line.startsWith('Why: split_child_failed'));
    expect(lines[why + 2]).toBe('Children (1 of 60 failed; split s-1):');
    expect(lines[why + 3]?.trim().split(/\s{2,}/)).toEqual([
      '#',
      'PAGES',
      'FIELDS',
      'STATUS',
      'REASON',
      'CALLS',
      'COST',
    ]);
    const first = lines[why + 4] ?? '';
    expect(first).toMatch(
      /^\s+57\s+571–580\s+lines, total, date \+1 more\s+failed\s+validation_exhausted: .*bad.* total\s+3\s+\$0\.0015$/,
    );
    expect(first).not.toContain('\u001b');
    expect(first).not.toContain('\u0007');
    expect(lines[why + 5]).toMatch(/^\s+0\s+1–10\s+.*completed\s+-\s+1\s+\$0\.0015$/);
    expect(lines[why + 4 + 50]).toBe('  … and 10 more');
    expect(lines.filter((line) => /^\s+\d+\s+\d+–\d+\s/.test(line))).toHaveLength(50);
    expect(lines[why + 4 + 52]).toMatch(/^Next: quarry replay-dlq --ids /);
  });

  it('names the parent job, pages and field group of a child', () => {
    const part = {
      splitId: 's-1',
      parentId: 'parent-\u001b[31m1',
      index: 3,
      children: 22,
      source: 'text',
      window: { firstPage: 28, lastPage: 37, pages: 220 },
      paths: ['total'],
      groups: 1,
      round: 0,
    };
    const record = buildDlqRecord({
      job: job('parent-1-c3', { workflow: 'ledger', input: {}, part }),
      reason: { kind: 'validation_exhausted', message: 'No valid reply' },
      attempts: [attempt(1, 'claude-haiku-5-5')],
    });
    const lines = render(record).split('\n');
    const why = lines.findIndex((line) => line.startsWith('Why: '));
    expect(lines[why + 1]).toBe('Split: child 3 of 22 of job parent-\\u001b[31m1: pages 28–37; fields total');
    expect(lines.some((line) => line.startsWith('Children'))).toBe(false);
  });
});
