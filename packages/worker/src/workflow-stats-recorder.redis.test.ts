import type { AttemptRecord, Issue } from '@quarry/core';
import { quarryKeys, redisConnection, WorkflowStatsStore } from '@quarry/queue';
import { it } from '@quarry/testing';
import pino from 'pino';
import { describe, expect } from 'vitest';
import { waitFor } from './worker-test-harness';
import { WorkflowStatsRecorder } from './workflow-stats-recorder';

const note = { workflow: 'note', version: 2 };
const issue: Issue = { source: 'schema', path: 'count', code: 'too_small', message: 'Too small' };
const attempt = (n: number, issues: Issue[]): AttemptRecord => ({
  n,
  startedAt: new Date(0).toISOString(),
  durationMs: 5,
  model: 'claude-haiku-5-5',
  strategy: 'structured',
  maxTokens: 1024,
  stopReason: 'end_turn',
  requestId: null,
  rawOutput: '{}',
  rawOutputTruncated: false,
  toolCallId: null,
  issues,
  usage: { inputTokens: 100, outputTokens: 10, cacheCreationInputTokens: 0, cacheReadInputTokens: 300 },
  costUsd: 0.001,
});

describe('WorkflowStatsRecorder while Redis is away (own redis-server)', () => {
  it('row 128: Redis unreachable while a worker flushes its workflow statistics or reads a first-attempt … -> keeps what a failed flush could not write, writes it with the next one, and treats a failed read as unknown', async ({
    ownRedis,
  }) => {
    const server = await ownRedis();
    // A producer connection fails at once while Redis is unreachable (a worker's would wait).
    const redis = redisConnection(server.url, { role: 'producer', connectionName: 'quarry-stats-test' });
    redis.on('error', () => {}); // the refused reconnections while it is away
    const warnings: string[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
    const store = new WorkflowStatsStore({ redis, keys: quarryKeys({ prefix: '{stats-test}' }) });
    const recorder = new WorkflowStatsRecorder({ store, refreshMs: 10_000, flushMs: 3_600_000, log });
    try {
      recorder.attempt(note, attempt(1, []));
      recorder.completed(note);
      await server.kill('SIGKILL');
      await recorder.flush();
      expect(warnings).toContain('workflow statistics not written; kept for the next flush');
      expect(await recorder.firstAttemptHistory({ workflow: 'other', version: 1 })).toBeNull();
      expect(warnings).toContain(
        'workflow statistics not read; cache placement treats the failure rate as unknown',
      );

      recorder.attempt(note, attempt(1, [issue]));
      await server.restart();
      await waitFor(() => redis.status === 'ready', 10_000, 'the reconnection');
      await recorder.flush();
      expect(await store.read(note, 3_600_000)).toMatchObject({
        firstAttempts: 2,
        firstAttemptFailures: 1,
        calls: 2,
        validJobs: 1,
        inputTokens: 200,
        cacheReadTokens: 600,
      });
      expect(await recorder.firstAttemptHistory(note)).toEqual({
        firstAttempts: expect.closeTo(2, 3),
        firstAttemptFailures: expect.closeTo(1, 3),
      });
    } finally {
      await recorder.close();
      redis.disconnect();
    }
  });
});
