import { quarryKeys, RedisHistoryStore } from '@quarry/queue';
import { type RecordedRequest, type SimulateOptions, type Standin, startStandin } from '@quarry/standin';
import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { doc, type WorkerHarness } from './worker-test-harness';

/** Everything after the document in the first user message: where lessons go. */
const lessonsPart = (request: RecordedRequest | undefined): string => {
  const first = request?.body.messages[0];
  if (!first || typeof first.content === 'string') return '';
  return JSON.stringify(first.content.slice(1));
};

/** Judged after 3 jobs shown a lesson and 1 not shown it (the defaults want 50 and 20). */
const lowEvidence = { WORKER_CONCURRENCY: '1', LESSON_MIN_SHOWN_JOBS: '3', LESSON_MIN_NOT_SHOWN_JOBS: '1' };

const names = (prefix: string) => Array.from({ length: 8 }, (_, i) => `${prefix}${i + 1}`);

/** A simulated stand-in knowing `note` documents of these names (title the name, count 3). */
async function simulatedStandin(
  documents: readonly string[],
  mistakes: Omit<SimulateOptions, 'corpus'>,
): Promise<Standin> {
  const corpus = documents.map((name) => ({
    workflow: 'note',
    text: doc(name),
    truth: { title: name, count: 3 },
  }));
  return startStandin({ simulate: { corpus, ...mistakes }, documentKey: /doc:([\w-]+)/ });
}

/**
 * Runs `note` jobs of `version` on `documents` one after the other against `standin`; returns, per
 * job, whether its first request showed the version's lesson, and the lesson's signature.
 */
async function runJobs(h: WorkerHarness, standin: Standin, version: number, documents: readonly string[]) {
  const worker = await h.startWorker({ ...lowEvidence, ANTHROPIC_BASE_URL: standin.url });
  const history = new RedisHistoryStore({
    redis: h.redis,
    keys: quarryKeys({ prefix: h.prefix }),
    maxSignatures: 50,
    halfLifeMs: 24 * 3_600_000,
  });
  const key = { workflow: 'note', version };
  const firstRequests: (RecordedRequest | undefined)[] = [];
  for (const name of documents) {
    const { jobId } = await h.client.enqueue('note', { text: doc(name) }, { version });
    await h.client.waitForResult(jobId, { timeoutMs: 15_000 });
    firstRequests.push(standin.requests.find((request) => request.documentKey === name));
  }
  await worker.close({ graceMs: 0 });
  const effects = await history.lessonEffects(key);
  const signature = effects[0]?.signature ?? 'none';
  return {
    shown: firstRequests.map((request) => lessonsPart(request).includes(signature)),
    effects,
    topLessons: await history.topLessons(key, 3),
    callsPerJob: documents.map((name) => standin.requests.filter((r) => r.documentKey === name).length),
  };
}

describe('lesson effects (real Redis, SDK against the simulated stand-in)', () => {
  // The stubborn model makes the mistake whether shown the lesson or not; the teachable one avoids it when shown.
  it("row 166: a lesson that does not lower its error's first-attempt rate -> retired after enough shown jobs (kept, marked with both rates), in no later request; a helpful one stays", async ({
    testBed,
  }) => {
    const h = await testBed.harness();
    // Every first reply gets `count` as a string; only feedback fixes it, a lesson does not.
    const stubborn = await simulatedStandin(names('a'), { mistakes: { rate: 1, kinds: { wrongType: 1 } } });
    // The same mistake, avoided whenever the request names `count` (in a lesson or in feedback).
    const teachable = await simulatedStandin(names('b'), {
      persistentMistakes: [{ workflow: 'note', path: 'count', mutation: 'wrongType' }],
    });
    try {
      const useless = await runJobs(h, stubborn, 1, names('a'));
      // Job 1 made it before it was a lesson; jobs 2-4 were shown it and made it all the same; job 5
      // read 3 shown jobs and 1 not shown at the same rate, retired it and was not shown it.
      expect(useless.shown).toEqual([false, true, true, true, false, false, false, false]);
      expect(useless.callsPerJob).toEqual([2, 2, 2, 2, 2, 2, 2, 2]);
      expect(useless.effects).toEqual([
        {
          signature: 'schema:count:invalid_type',
          state: 'retired',
          counts: expect.any(Object),
          // Jobs are counted up to an interval after their errors, at a weight a hair higher.
          retired: {
            at: expect.any(Number),
            shownRate: expect.closeTo(1, 5),
            notShownRate: expect.closeTo(1, 5),
          },
        },
      ]);
      // Still in the history (its count went on), no longer a lesson; jobs since count as not shown it.
      expect(useless.topLessons).toEqual([]);
      expect(useless.effects[0]?.counts.shownJobs).toBe(0);
      expect(useless.effects[0]?.counts.notShownJobs).toBeCloseTo(4, 3);
      expect(useless.effects[0]?.counts.notShownErrors).toBeCloseTo(4, 3);

      const helpful = await runJobs(h, teachable, 2, names('b'));
      expect(helpful.shown).toEqual([false, true, true, true, true, true, true, true]);
      expect(helpful.callsPerJob).toEqual([2, 1, 1, 1, 1, 1, 1, 1]);
      expect(helpful.effects).toEqual([
        expect.objectContaining({ signature: 'schema:count:invalid_type', state: 'active', retired: null }),
      ]);
      const counts = helpful.effects[0]?.counts;
      expect([counts?.shownJobs, counts?.shownErrors, counts?.notShownJobs, counts?.notShownErrors]).toEqual([
        expect.closeTo(7, 3),
        0,
        expect.closeTo(1, 3),
        expect.closeTo(1, 3),
      ]);
      expect(helpful.topLessons.map((lesson) => lesson.signature)).toEqual(['schema:count:invalid_type']);
    } finally {
      await Promise.all([stubborn.close(), teachable.close()]);
    }
  });
});
