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
