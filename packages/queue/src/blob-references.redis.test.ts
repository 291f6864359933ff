import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { blobReferences } from './blob-references';
// Through the package entry, as users import it: opening the queues without it fails every add.
import { EXTRACTION_JOB_NAME, openQueues } from './index';
import { LabelledSetStore } from './labelled-set-store';

const blob = (digit: string) => `sha256:${digit.repeat(64)}`;
const documentInput = (key: string) => ({
  document: { mediaType: 'application/pdf', source: { type: 'blob', key } },
});

describe('blobReferences', () => {
  it('names the blobs of jobs in every state and of DLQ records, and forgets them once removed', async ({
    redis,
    prefix,
  }) => {
    const queues = openQueues({ connection: redis, config: { prefix } });
    try {
      const job = { workflow: 'invoice', version: 1 };
      const waiting = await queues.queue.add(
        EXTRACTION_JOB_NAME,
        { ...job, input: documentInput(blob('a')) },
        { jobId: 'job-1' },
      );
      await queues.queue.add(
        EXTRACTION_JOB_NAME,
        { ...job, input: documentInput(blob('b')) },
        { jobId: 'job-2', delay: 3_600_000 },
      );
      await queues.queue.add(
        EXTRACTION_JOB_NAME,
        { ...job, input: { text: 'no document' } },
        { jobId: 'job-3' },
      );
      const record = await queues.dlq.add(
        'dead-letter',
        {
          dlqId: 'dlq-1',
          input: { ...job, input: documentInput(blob('c')) },
        },
        { jobId: 'dlq-1' },
      );
      expect([...(await blobReferences({ redis, queues }))].sort()).toEqual([
        blob('a'),
        blob('b'),
        blob('c'),
      ]);

      await queues.queue.remove(String(waiting.id));
      await queues.dlq.remove(String(record.id));
      expect([...(await blobReferences({ redis, queues }))]).toEqual([blob('b')]);
    } finally {
      await queues.close();
    }
  });

  it('reads every job of a queue larger than one read batch', async ({ redis, prefix }) => {
    const queues = openQueues({ connection: redis, config: { prefix } });
    try {
      const keys = Array.from({ length: 150 }, (_, i) => `sha256:${i.toString(16).padStart(64, '0')}`);
      await queues.queue.addBulk(
        keys.map((key, i) => ({
          name: EXTRACTION_JOB_NAME,
          data: { workflow: 'invoice', version: 1, input: documentInput(key) },
          opts: { jobId: `job-${i}` },
        })),
      );
      expect([...(await blobReferences({ redis, queues }))].sort()).toEqual(keys);
    } finally {
      await queues.close();
    }
  });

  it('is empty for queues that hold nothing', async ({ redis, prefix }) => {
    const queues = openQueues({ connection: redis, config: { prefix } });
    try {
      expect((await blobReferences({ redis, queues })).size).toBe(0);
    } finally {
      await queues.close();
    }
  });

  it('names the blobs of every labelled set item, more than one read batch of them, until the set is deleted', async ({
    redis,
    prefix,
  }) => {
    const queues = openQueues({ connection: redis, config: { prefix } });
    try {
      const sets = new LabelledSetStore({ redis, keys: queues.keys });
      const keys = Array.from(
        { length: 80 },
        (_, i) => `sha256:${(i + 1000).toString(16).padStart(64, '0')}`,
      );
      for (const [i, key] of keys.entries()) {
        await sets.put(i % 2 === 0 ? 'even' : 'odd', {
          id: `item-${i}`,
          document: { kind: 'blob', key, mediaType: 'application/pdf' },
          expected: { n: i },
        });
      }
      await sets.put('texts', { id: 't', document: { kind: 'text', text: 'no blob' }, expected: {} });
      expect([...(await blobReferences({ redis, queues }))].sort()).toEqual(keys);
      await sets.delete('even');
      expect([...(await blobReferences({ redis, queues }))].sort()).toEqual(
        keys.filter((_, i) => i % 2 === 1),
      );
    } finally {
      await queues.close();
    }
  });
});
