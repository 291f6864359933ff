import type { AttemptRecord, Issue } from '@quarry/core';

/** A valid attempt record for tests; `issues` and anything else may be overridden. */
export function attemptRecord(overrides: Partial<AttemptRecord> & { n: number }): AttemptRecord {
  return {
    startedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, overrides.n)).toISOString(),
    durationMs: 100,
    model: 'claude-sonnet-4-5',
    strategy: 'structured',
    maxTokens: 4096,
    stopReason: 'end_turn',
    requestId: `req_${overrides.n}`,
    rawOutput: '{"total": 1}',
    rawOutputTruncated: false,
    toolCallId: null,
    issues: [],
    usage: { inputTokens: 1000, outputTokens: 200, cacheCreationInputTokens: 0, cacheReadInputTokens: 500 },
    costUsd: 0.006,
    ...overrides,
  };
}

/** A schema issue at `path`. */
export function schemaIssue(path: string, code = 'invalid_type'): Issue {
  return { source: 'schema', path, code, message: `bad value at ${path}` };
}
