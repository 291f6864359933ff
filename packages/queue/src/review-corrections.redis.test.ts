import { defineWorkflow, type HistoryStore, WorkflowRegistry } from '@quarry/core';
import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { LabelledSetStore } from './labelled-set-store';
import { openQueues, type QuarryQueues } from './open-queues';
import { EXTRACTION_JOB_NAME, queueDefaults } from './queue-config';
import { RedisHistoryStore } from './redis-history-store';
import { ReviewCorrections } from './review-corrections';
import { ReviewIndex } from './review-index';

const note = defineWorkflow({
  name: 'note',
  version: 1,
  description: 'A title and line amounts from a note',
  input: z.object({ text: z.string().min(1) }),
  output: z.object({
    title: z.string(),
    lines: z.array(z.object({ amount: z.number() })).default([]),
  }),
  rules: [],
  instructions: 'Extract the title.',
});
const registry = new WorkflowRegistry([note]);
const blobKey = `sha256:${'b'.repeat(64)}`;
const now = Date.parse('2025-06-02T08:00:00.000Z');

/** Adds a job as a producer would and flags it for review with `data` as the extracted output. */
async function flagged(
  queues: QuarryQueues,
  redis: Parameters<typeof openQueues>[0]['connection'],
  options: { jobId: string; input?: unknown; data?: unknown; workflow?: string; historyScope?: string },
): Promise<void> {
  const workflow = options.workflow ?? 'note';
  await queues.queue.add(
    EXTRACTION_JOB_NAME,
    { workflow, version: 1, input: options.input ?? { text: `note ${options.jobId}` } },
    { jobId: options.jobId },
  );
  await new ReviewIndex({ redis, keys: queues.keys }).flag({
    jobId: options.jobId,
    workflow,
    version: 1,
    reasons: ['confidence is 0.4, below the review threshold 0.6'],
    flaggedAt: '2025-06-01T00:00:00.000Z',
    attempts: 1,
    costUsd: null,
    ...(options.historyScope ? { historyScope: options.historyScope } : {}),
    data: options.data ?? { title: 'wrong', lines: [{ amount: 1 }] },
  });
}

describe('ReviewCorrections', () => {
  it('stores a correction in reviewed-<workflow>, acknowledges the review and records each corrected field', async ({
    redis,
    prefix,
  }) => {
    const queues = openQueues({ connection: redis, config: { prefix } });
    try {
      const corrections = new ReviewCorrections({
        redis,
        keys: queues.keys,
        queue: queues.queue,
        registry,
        now: () => now,
      });
      await flagged(queues, redis, { jobId: 'j1' });
      await flagged(queues, redis, {
        jobId: 'j2',
        input: { document: { mediaType: 'application/pdf', source: { type: 'blob', key: blobKey } } },
        data: { title: 'also wrong', lines: [{ amount: 1 }, { amount: 2 }, { amount: 3 }, { amount: 4 }] },
      });
      const first = await corrections.correct({
        jobId: 'j1',
        text: '{"title": "Right", "lines": [{"amount": 1}]}',
        correctedBy: 'alice',
      });
      expect(first).toEqual({
        type: 'stored',
        set: 'reviewed-note',
        replaced: false,
        correctedPaths: ['title'],
        history: 'recorded',
        item: {
          id: 'j1',
          document: { kind: 'text', text: 'note j1' },
          expected: { title: 'Right', lines: [{ amount: 1 }] },
          workflow: { name: 'note', version: 1 },
          tags: [],
          source: { jobId: 'j1', correctedAt: '2025-06-02T08:00:00.000Z', correctedBy: 'alice' },
        },
      });
      const second = await corrections.correct({
        jobId: 'j2',
        text: JSON.stringify({
          title: 'Fixed',
          lines: [{ amount: 9 }, { amount: 2 }, { amount: 3 }, { amount: 8 }],
        }),
        correctedBy: 'cli',
      });
      expect(second).toMatchObject({
        type: 'stored',
        correctedPaths: ['title', 'lines[0].amount', 'lines[3].amount'],
        item: { document: { kind: 'blob', key: blobKey, mediaType: 'application/pdf' } },
      });

      const store = new LabelledSetStore({ redis, keys: queues.keys });
      expect((await store.read('reviewed-note')).items.map((item) => item.id)).toEqual(['j1', 'j2']);
      expect(await new ReviewIndex({ redis, keys: queues.keys }).count()).toBe(0);

      const history = new RedisHistoryStore({ redis, keys: queues.keys, ...queueDefaults.history });
      const lessons = await history.topLessons({ workflow: 'note', version: 1 }, 10);
      const bySignature = new Map(lessons.map((lesson) => [lesson.signature, lesson]));
      expect(bySignature.get('review:title:corrected')).toMatchObject({
        count: 2,
        example: 'title was corrected in review: extracted "also wrong", expected "Fixed"',
      });
      // Both line items of one correction count once, under the field's normalised path.
      expect(bySignature.get('review:lines[].amount:corrected')).toMatchObject({
        count: 1,
        example: 'lines[0].amount was corrected in review: extracted 1, expected 9',
      });
    } finally {
      await queues.close();
    }
  });

  it('records in the scope of the job and keeps a correction whose history write fails', async ({
    redis,
    prefix,
  }) => {
    const queues = openQueues({ connection: redis, config: { prefix } });
    try {
      const failing: HistoryStore = {
        topLessons: async () => [],
        record: async () => {
          throw new Error('history down');
        },
      };
      await flagged(queues, redis, { jobId: 'scoped', historyScope: 'tenant-a' });
      const scoped = new ReviewCorrections({ redis, keys: queues.keys, queue: queues.queue, registry });
      await scoped.correct({ jobId: 'scoped', text: '{"title": "T"}', correctedBy: 'cli' });
      const history = new RedisHistoryStore({ redis, keys: queues.keys, ...queueDefaults.history });
      expect(await history.topLessons({ workflow: 'note', version: 1 }, 10)).toEqual([]);
      // lines defaulted to [] while [{amount: 1}] was extracted: the removed item counts at its own path.
      expect(
        (await history.topLessons({ workflow: 'note', version: 1, scope: 'tenant-a' }, 10)).map(
          (l) => l.signature,
        ),
      ).toEqual(expect.arrayContaining(['review:title:corrected', 'review:lines[]:corrected']));

      await flagged(queues, redis, { jobId: 'unlucky' });
      const outcome = await new ReviewCorrections({
        redis,
        keys: queues.keys,
        queue: queues.queue,
        registry,
        history: failing,
      }).correct({ jobId: 'unlucky', text: '{"title": "T", "lines": [{"amount": 1}]}', correctedBy: 'cli' });
      expect(outcome).toMatchObject({ type: 'stored', history: 'failed' });
    } finally {
      await queues.close();
    }
  });

  it('refuses bad input with a clear outcome and writes nothing', async ({ redis, prefix }) => {
    const queues = openQueues({ connection: redis, config: { prefix } });
    try {
      const corrections = new ReviewCorrections({ redis, keys: queues.keys, queue: queues.queue, registry });
      const correct = (jobId: string, text: string) =>
        corrections.correct({ jobId, text, correctedBy: 'cli' });
      await flagged(queues, redis, { jobId: 'waiting' });
      expect(await correct('waiting', '{"title": ')).toEqual({
        type: 'bad_json',
        line: 1,
        column: 11,
        problem: 'expected a value but found the end of the text',
      });
      expect(await correct('waiting', '{"title": 3, "lines": [{"amount": "x"}]}')).toEqual({
        type: 'invalid',
        problems: [
          { path: 'title', message: 'Invalid input: expected string, received number' },
          { path: 'lines[0].amount', message: 'Invalid input: expected number, received string' },
        ],
      });
      expect(await correct('waiting', '[]')).toMatchObject({
        type: 'invalid',
        problems: [{ path: '(output)' }],
      });
      expect(await correct('waiting', `{"title": "${'x'.repeat(1024 * 1024)}"}`)).toMatchObject({
        type: 'too_large',
        maxBytes: 1024 * 1024,
      });
      expect(await correct('nobody', '{"title": "T"}')).toEqual({
        type: 'job_missing',
        waitingForReview: false,
      });
      await queues.queue.add(
        EXTRACTION_JOB_NAME,
        { workflow: 'note', input: { text: 'x' } },
        { jobId: 'unflagged' },
      );
      expect(await correct('unflagged', '{"title": "T"}')).toEqual({ type: 'not_in_review' });
      await flagged(queues, redis, { jobId: 'old-workflow', workflow: 'retired' });
      expect(await correct('old-workflow', '{"title": "T"}')).toEqual({
        type: 'unknown_workflow',
        workflow: 'retired',
        version: 1,
      });
      await flagged(queues, redis, { jobId: 'gone' });
      await queues.queue.remove('gone');
      expect(await correct('gone', '{"title": "T"}')).toEqual({
        type: 'job_missing',
        waitingForReview: true,
      });
      await flagged(queues, redis, {
        jobId: 'fetched',
        input: {
          document: {
            mediaType: 'application/pdf',
            source: { type: 'url', url: 'https://example.com/a.pdf' },
          },
        },
      });
      expect(await correct('fetched', '{"title": "T"}')).toMatchObject({
        type: 'unsupported_document',
        problem: expect.stringContaining('fetched from a URL'),
      });
      await flagged(queues, redis, { jobId: 'j\u0000x' });
      expect(await correct('j\u0000x', '{"title": "T"}')).toMatchObject({
        type: 'refused',
        problem: expect.stringContaining('item.id: must not contain control characters'),
      });

      expect(await new LabelledSetStore({ redis, keys: queues.keys }).list()).toEqual({ sets: [], total: 0 });
      const history = new RedisHistoryStore({ redis, keys: queues.keys, ...queueDefaults.history });
      expect(await history.topLessons({ workflow: 'note', version: 1 }, 10)).toEqual([]);
      expect(await new ReviewIndex({ redis, keys: queues.keys }).get('waiting')).not.toBeNull();

      // A second correction of a job already corrected finds it no longer waiting.
      expect(await correct('waiting', '{"title": "T"}')).toMatchObject({ type: 'stored' });
      expect(await correct('waiting', '{"title": "U"}')).toEqual({ type: 'not_in_review' });
    } finally {
      await queues.close();
    }
  });
});
