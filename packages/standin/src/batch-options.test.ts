import { describe, expect, it } from 'vitest';
import { pickShare } from './answer-batch-entry';
import { batchOperationOf } from './batch-operation';
import { BatchOptions } from './batch-options';

describe('BatchOptions', () => {
  it('defaults to the API limits, no delay, no injected outcomes and bounded memory', () => {
    expect(BatchOptions.parse({})).toEqual({
      delayMs: 0,
      cancelDelayMs: 0,
      shares: { apiError: 0, overloaded: 0, invalidRequest: 0, expired: 0 },
      dropCreateResponse: 0,
      maxRequests: 100_000,
      maxBodyBytes: 256 * 1024 * 1024,
      maxBatches: 1000,
      maxStoredRequests: 200_000,
    });
  });
});

describe('pickShare', () => {
  it('lays the shares end to end from 0 and answers the rest', () => {
    const shares = { apiError: 0.1, overloaded: 0.2, invalidRequest: 0.3, expired: 0.1 };
    expect(
      [0, 0.05, 0.11, 0.29, 0.31, 0.59, 0.61, 0.69, 0.71, 0.99].map((draw) => pickShare(draw, shares)),
    ).toEqual([
      'apiError',
      'apiError',
      'overloaded',
      'overloaded',
      'invalidRequest',
      'invalidRequest',
      'expired',
      'expired',
      null,
      null,
    ]);
  });
});

describe('batchOperationOf', () => {
  it('names the operation of each method and path, and unknown for the rest', () => {
    const base = '/v1/messages/batches';
    expect(
      [
        ['POST', base],
        ['GET', base],
        ['GET', `${base}/msgbatch_1`],
        ['DELETE', `${base}/msgbatch_1`],
        ['POST', `${base}/msgbatch_1/cancel`],
        ['GET', `${base}/msgbatch_%31/results`],
        ['PUT', base],
        ['POST', `${base}/msgbatch_1`],
        ['GET', `${base}/msgbatch_1/cancel`],
        ['GET', `${base}/%E0%A4%A/results`],
      ].map(([method = '', path = '']) => batchOperationOf(method, path)),
    ).toEqual([
      { kind: 'create' },
      { kind: 'list' },
      { kind: 'retrieve', id: 'msgbatch_1' },
      { kind: 'delete', id: 'msgbatch_1' },
      { kind: 'cancel', id: 'msgbatch_1' },
      { kind: 'results', id: 'msgbatch_1' },
      { kind: 'unknown' },
      { kind: 'unknown' },
      { kind: 'unknown' },
      { kind: 'results', id: '%E0%A4%A' },
    ]);
  });
});
