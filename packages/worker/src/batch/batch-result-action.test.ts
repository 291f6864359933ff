import type { MessageBatchResult } from '@anthropic-ai/sdk/resources/messages/batches';
import { describe, expect, it } from 'vitest';
import { batchResultAction } from './batch-result-action';

const errored = (type: string): MessageBatchResult =>
  ({
    type: 'errored',
    error: { type: 'error', error: { type, message: 'secret document text' }, request_id: null },
  }) as unknown as MessageBatchResult;

describe('batchResultAction', () => {
  it('stores a succeeded reply priced in the batch lane', () => {
    const action = batchResultAction({
      type: 'succeeded',
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-haiku-4-5',
        content: [{ type: 'text', text: '{"a":1}', citations: null }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 5, service_tier: 'batch' },
      },
    } as unknown as MessageBatchResult);
    expect(action).toMatchObject({
      kind: 'store',
      outcome: { type: 'reply', response: { lane: 'batch', content: [{ type: 'text', text: '{"a":1}' }] } },
    });
  });

  it('collects expired, canceled and the API-side errors again', () => {
    expect(batchResultAction({ type: 'expired' })).toEqual({ kind: 'requeue', why: 'expired' });
    expect(batchResultAction({ type: 'canceled' })).toEqual({ kind: 'requeue', why: 'canceled' });
    expect(batchResultAction(errored('overloaded_error'))).toEqual({
      kind: 'requeue',
      why: 'retryable_error',
    });
    expect(batchResultAction(errored('api_error'))).toEqual({ kind: 'requeue', why: 'retryable_error' });
  });

  it('stores a request error as a permanent failure without the upstream message', () => {
    const action = batchResultAction(errored('invalid_request_error'));
    expect(action).toEqual({
      kind: 'store',
      outcome: {
        type: 'error',
        kind: 'permanent',
        status: 400,
        message: 'The Message Batches API ended the request errored (400 invalid_request_error)',
      },
    });
    expect(JSON.stringify(batchResultAction(errored('weird type!')))).not.toContain('weird');
  });
});
