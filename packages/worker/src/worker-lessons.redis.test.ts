import type { RecordedRequest } from '@quarry/standin';
import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc } from './worker-test-harness';

const SIGNATURE = 'rule:count:count-positive';
const negative = { kind: 'json', value: { title: 'groceries', count: -1 } } as const;

/** Everything after the document in the first user message: where lessons go. */
const lessonsPart = (request: RecordedRequest | undefined): string => {
  const first = request?.body.messages[0];
  if (!first || typeof first.content === 'string') return '';
  return JSON.stringify(first.content.slice(1));
};

describe('shared error history (real Redis, SDK against the stand-in)', () => {
  it('shows a mistake of workflow W to the next W job, scoped by version and history scope', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: { teach: [negative], teach2: [negative] },
      env: { WORKER_CONCURRENCY: '1' },
    });
    await h.startWorker();
    const run = async (name: string, options: { version?: number; historyScope?: string } = {}) => {
      const { jobId } = await h.client.enqueue('note', { text: doc(name) }, options);
      return h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    };

    // A first-try success reads the history and counts itself in the lesson effects, recording no mistake.
    await run('clean', { version: 1 });
    expect(lessonsPart(h.requestsFor('clean')[0])).not.toContain(SIGNATURE);

    await run('teach', { version: 1 });
    expect(lessonsPart(h.requestsFor('teach')[0])).not.toContain(SIGNATURE);

    await run('same-workflow', { version: 1 });
    const lessons = lessonsPart(h.requestsFor('same-workflow')[0]);
    expect(lessons).toContain(SIGNATURE);
    expect(lessons).toContain('count must be positive');

    await run('other-version', { version: 2 });
    expect(lessonsPart(h.requestsFor('other-version')[0])).not.toContain(SIGNATURE);
    await run('other-scope', { version: 1, historyScope: 'tenant-b' });
    expect(lessonsPart(h.requestsFor('other-scope')[0])).not.toContain(SIGNATURE);

    await run('teach2', { version: 1, historyScope: 'tenant-b' });
    await run('same-scope', { version: 1, historyScope: 'tenant-b' });
    expect(lessonsPart(h.requestsFor('same-scope')[0])).toContain(SIGNATURE);
  });

  it('records lessons in the DLQ record and reads nothing when the history is switched off', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      plan: { first: [negative], teach: [negative], second: [negative, negative, negative] },
      env: { WORKER_CONCURRENCY: '1', HISTORY_ENABLED: 'false' },
    });
    const off = await h.startWorker();
    const first = await h.client.enqueue('note', { text: doc('first') });
    await h.client.waitForResult(first.jobId, { timeoutMs: 15_000 });
    const historyKeys = await h.redis.keys(`${h.prefix}:quarry:history:*`);
    expect(historyKeys).toEqual([]);
    await off.close();

    await h.startWorker({ HISTORY_ENABLED: 'true' });
    const teach = await h.client.enqueue('note', { text: doc('teach') });
    await h.client.waitForResult(teach.jobId, { timeoutMs: 15_000 });
    const second = await h.client.enqueue('note', { text: doc('second') });
    const record = await h.dlqRecordOf(second.jobId);
    expect(record.reason.kind).toBe('no_progress');
    expect(record.lessonsInjected).toEqual([SIGNATURE]);
  });
});
