import { ExtractionExhaustedError, emptyUsage, ModelTransportError } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { describeError } from './describe-error';

describe('describeError', () => {
  it('keeps name, message and classification, never the attempt records', () => {
    const error = new ExtractionExhaustedError({
      kind: 'validation_exhausted',
      message: 'No valid reply after 3 attempts',
      records: [
        {
          n: 1,
          startedAt: '2024-01-01T00:00:00.000Z',
          durationMs: 5,
          model: 'm',
          strategy: 'structured',
          maxTokens: 10,
          stopReason: 'end_turn',
          requestId: null,
          rawOutput: 'SECRET MODEL OUTPUT',
          rawOutputTruncated: false,
          toolCallId: null,
          issues: [],
          usage: emptyUsage(),
          costUsd: null,
        },
      ],
      lastIssues: [],
      usage: emptyUsage(),
      costUsd: null,
    });
    const summary = describeError(error);
    expect(summary).toEqual({
      name: 'ExtractionExhaustedError',
      message: 'No valid reply after 3 attempts',
      kind: 'validation_exhausted',
    });
    expect(JSON.stringify(summary)).not.toContain('SECRET');
  });

  it('keeps status and request id of transport errors, and describes thrown non-errors', () => {
    const error = new ModelTransportError({
      kind: 'transient',
      message: 'overloaded',
      status: 529,
      requestId: 'req_1',
    });
    expect(describeError(error)).toEqual({
      name: 'ModelTransportError',
      message: 'overloaded',
      kind: 'transient',
      status: 529,
      requestId: 'req_1',
    });
    expect(describeError('boom')).toEqual({ name: 'string', message: 'boom' });
  });
});
