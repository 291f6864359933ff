import { describe, expect, it } from 'vitest';
import { quarryKeys } from './keys';
import { useTestRedis } from './test-fixtures/redis-test-context';
import { unindexDlqRecord } from './unindex-dlq-record';

const context = useTestRedis('unindex');

describe('unindexDlqRecord', () => {
  it('removes the index entry only while it points at the given record', async () => {
    const { redis, prefix } = context();
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
