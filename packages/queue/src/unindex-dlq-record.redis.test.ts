import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { quarryKeys } from './keys';
import { unindexDlqRecord } from './unindex-dlq-record';

describe('unindexDlqRecord', () => {
  it('removes the index entry only while it points at the given record', async ({ redis, prefix }) => {
    const keys = quarryKeys({ prefix });
    await redis.hset(keys.dlqIndex(), 'job-1', 'dlq-new', 'job-2', 'dlq-b');
    const options = { redis, keys, sourceJobId: 'job-1' };
    expect(await unindexDlqRecord({ ...options, dlqId: 'dlq-old' })).toBe(false);
    expect(await redis.hget(keys.dlqIndex(), 'job-1')).toBe('dlq-new');
    expect(await unindexDlqRecord({ ...options, dlqId: 'dlq-new' })).toBe(true);
    expect(await redis.hgetall(keys.dlqIndex())).toEqual({ 'job-2': 'dlq-b' });
    expect(await unindexDlqRecord({ ...options, dlqId: 'dlq-new' })).toBe(false);
  });
});
