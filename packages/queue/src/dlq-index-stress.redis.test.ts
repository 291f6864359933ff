import { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
import { DeadLetterWriter } from './dead-letter-writer';
import { openQueues } from './open-queues';
import { dlqIndexTestKit, it, type RedisTestContext } from './test-fixtures/dlq-index-test-kit';
import { dlqRecordFor } from './test-fixtures/dlq-record-for';

const T0 = Date.parse('2025-06-01T08:00:00.000Z');
const setup = (ctx: RedisTestContext) => dlqIndexTestKit(ctx);

describe('DLQ indexes under stress', () => {
  it('row 101: a workflow name or issue path from job data that is empty -> index records whose names come from broken job data', async ({
    ctx,
  }) => {
    const { keys, writer, placesOf, groups } = setup(ctx);
    const odd = [
      dlqRecordFor({ jobId: 'empty', at: T0, workflow: '', kind: 'invalid_payload' }),
      dlqRecordFor({ jobId: 'lone', at: T0, workflow: 'in\ud800voice:\u001b', attempts: [['a\udfffb']] }),
      dlqRecordFor({ jobId: 'long', at: T0, workflow: 'w'.repeat(5000), attempts: [['x'.repeat(3000)]] }),
    ];
    for (const record of odd) await writer.write(record);
    for (const record of odd) expect(Object.keys(await placesOf(record))).toHaveLength(5);
    expect(keys.dlq.byWorkflow('w'.repeat(5000))).toMatch(/:dlq:by-workflow:~[0-9a-f]{32}$/);
    const { kept, tallied } = await groups();
    expect(kept).toEqual(tallied);
    expect(kept.reduce((sum, group) => sum + group.count, 0)).toBe(3);
  });

  it('keep group counts exact under concurrent writes from several connections', async ({ ctx }) => {
    const { redis, queues, keys, groups } = setup(ctx);
    const connections = [0, 1, 2].map(() => new Redis(ctx.url));
    try {
      const writers = connections.map((connection) => {
        const own = openQueues({ connection, config: queues.config });
        return { own, writer: new DeadLetterWriter({ queue: own.dlq, keys: own.keys }) };
      });
      const records = Array.from({ length: 300 }, (_, i) =>
        dlqRecordFor({
          jobId: `c${i}`,
          at: T0 + (i % 7),
          workflow: i % 2 === 0 ? 'invoice' : 'ticket',
          attempts: [[['total', 'date', 'vendor'][i % 3] as string]],
          redriveCount: i % 4,
        }),
      );
      await Promise.all(records.map((record, i) => writers[i % 3]?.writer.write(record)));
      await Promise.all(records.slice(0, 30).map((record, i) => writers[i % 3]?.writer.write(record)));
      const { kept, tallied } = await groups();
      expect(kept).toEqual(tallied);
      expect(kept.map((group) => group.count).sort()).toEqual([100, 100, 100]);
      expect(kept.reduce((sum, group) => sum + (group.workflows['invoice@v1'] ?? 0), 0)).toBe(150);
      expect(await redis.zcard(keys.dlq.byTime())).toBe(300);
      expect(await redis.zcard(keys.dlq.byWorkflow('ticket'))).toBe(150);
      await Promise.all(writers.map(({ own }) => own.close()));
    } finally {
      await Promise.all(connections.map((connection) => connection.quit()));
    }
  });
});
