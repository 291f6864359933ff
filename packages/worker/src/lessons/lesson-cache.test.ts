import type {
  HistoryKey,
  HistoryStore,
  LessonCandidate,
  LessonEffectStore,
  LessonJobCounts,
} from '@quarry/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureLog } from '../test-fixtures/capture-log';
import { LessonCache } from './lesson-cache';

const W1: HistoryKey = { workflow: 'note', version: 1 };
const W2: HistoryKey = { workflow: 'note', version: 2 };
const policy = { minShownJobs: 3, minNotShownJobs: 1, margin: 0.1 };
const hour = 3_600_000;

/** An active lesson with too few jobs to be judged. */
function candidate(signature: string, score = 1): LessonCandidate {
  return {
    lesson: { signature, score, count: 1, example: 'e', firstSeen: 0, lastSeen: 0 },
    counts: { shownJobs: 0, shownErrors: 0, notShownJobs: 0, notShownErrors: 0 },
    retired: null,
  };
}

/** An active lesson whose error is as frequent on jobs shown it as on the others: retired when read. */
function useless(signature: string): LessonCandidate {
  return {
    ...candidate(signature),
    counts: { shownJobs: 10, shownErrors: 10, notShownJobs: 10, notShownErrors: 10 },
  };
}

/** A store whose every call is logged in order; reads wait for `gate` when set, counts fail while `failing`. */
function fakeStore(candidates: LessonCandidate[]) {
  const calls: string[] = [];
  const counted: { key: HistoryKey; jobs: number; shown: Record<string, number> }[] = [];
  const store: HistoryStore &
    LessonEffectStore & {
      candidates: LessonCandidate[];
      gate: Promise<void> | null;
      failing: boolean;
    } = {
    candidates,
    gate: null,
    failing: false,
    async lessonCandidates(key) {
      calls.push(`read ${key.version}`);
      if (store.gate) await store.gate;
      return [...store.candidates];
    },
    async countLessonJobs(key, counts: LessonJobCounts) {
      calls.push(`count ${key.version}`);
      if (store.failing) throw new Error("READONLY You can't write against a read only replica.");
      counted.push({ key, jobs: counts.jobs, shown: Object.fromEntries(counts.shown) });
    },
    async retireLesson(key, retirement) {
      calls.push(`retire ${key.version} ${retirement.signature}`);
      return true;
    },
    async restoreLesson(key, lesson) {
      calls.push(`restore ${key.version} ${lesson.signature}`);
      return true;
    },
    async topLessons() {
      return [];
    },
    async record(key) {
      calls.push(`record ${key.version}`);
    },
  };
  const reads = () => calls.filter((call) => call.startsWith('read')).length;
  return { store, calls, counted, reads };
}

const signatures = (lessons: readonly { signature: string }[]) => lessons.map((lesson) => lesson.signature);

describe('LessonCache', () => {
  const caches: LessonCache[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(caches.splice(0).map((cache) => cache.close()));
  });
  /** A cache on `store` whose interval is an hour unless said (its timer never fires in a test), on `clock`. */
  const cacheOf = (
    store: HistoryStore & LessonEffectStore,
    options: { intervalMs?: number; now?: () => number } = {},
  ) => {
    const { log, lines } = captureLog();
    const cache = new LessonCache({
      store,
      topN: 3,
      policy,
      intervalMs: options.intervalMs ?? hour,
      log,
      ...(options.now ? { now: options.now } : {}),
    });
    caches.push(cache);
    return { cache, log, lines };
  };

  it('reads the lessons of a history once per interval for all its jobs, each history apart', async () => {
    const { store, calls, reads } = fakeStore([candidate('a', 2), candidate('b', 1)]);
    let clock = 0;
    const { cache, log } = cacheOf(store, { intervalMs: 1000, now: () => clock });
    for (let i = 0; i < 50; i += 1) {
      expect(signatures(await cache.read(W1, { countJob: false, log }))).toEqual(['a', 'b']);
    }
    expect(reads()).toBe(1);
    await cache.read(W2, { countJob: false, log });
    expect(calls).toEqual(['read 1', 'read 2']);
    clock = 999;
    await cache.read(W1, { countJob: false, log });
    expect(reads()).toBe(2);
    clock = 1000;
    store.candidates = [candidate('c')];
    expect(signatures(await cache.read(W1, { countJob: false, log }))).toEqual(['c']);
    expect(calls).toEqual(['read 1', 'read 2', 'read 1']);
  });

  it('lets the jobs that find the lessons stale together share one read', async () => {
    const { store, reads } = fakeStore([candidate('a')]);
    let open = () => {};
    store.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { cache, log } = cacheOf(store);
    const jobs = Array.from({ length: 20 }, () => cache.read(W1, { countJob: true, log }));
    await vi.waitFor(() => expect(reads()).toBe(1));
    open();
    const lessons = await Promise.all(jobs);
    expect(lessons.map(signatures)).toEqual(Array.from({ length: 20 }, () => ['a']));
    expect(reads()).toBe(1);
    await cache.flush();
    expect(reads()).toBe(1);
  });

  it("drops a history's lessons when a failed attempt of it is recorded through the cache: the next job reads afresh", async () => {
    const { store, calls } = fakeStore([]);
    const { cache, log } = cacheOf(store);
    expect(await cache.read(W1, { countJob: false, log })).toEqual([]);
    await cache.read(W2, { countJob: false, log });
    store.candidates = [candidate('a')];
    await cache.record(W1, [{ signature: 'a', example: 'e' }], { shown: [] });
    expect(signatures(await cache.read(W1, { countJob: false, log }))).toEqual(['a']);
    // The other history keeps its lessons.
    expect(await cache.read(W2, { countJob: false, log })).toEqual([]);
    expect(calls).toEqual(['read 1', 'read 2', 'record 1', 'read 1']);
  });

  it('keeps no lessons from a read a record overtook', async () => {
    const { store, reads } = fakeStore([]);
    let open = () => {};
    store.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const { cache, log } = cacheOf(store);
    const before = cache.read(W1, { countJob: false, log });
    await vi.waitFor(() => expect(reads()).toBe(1));
    await cache.record(W1, [{ signature: 'a', example: 'e' }]);
    open();
    expect(await before).toEqual([]);
    store.gate = null;
    store.candidates = [candidate('a')];
    expect(signatures(await cache.read(W1, { countJob: false, log }))).toEqual(['a']);
    expect(reads()).toBe(2);
  });

  it('counts jobs in memory and writes them once per interval per history, with the lessons each was shown', async () => {
    vi.useFakeTimers();
    const { store, counted, calls } = fakeStore([candidate('a', 2), candidate('b', 1)]);
    const { cache, log } = cacheOf(store, { intervalMs: 1000 });
    for (let i = 0; i < 5; i += 1) await cache.read(W1, { countJob: true, log });
    store.candidates = [candidate('a')];
    for (let i = 0; i < 3; i += 1) await cache.read(W2, { countJob: true, log });
    // Retries and put-backs read without being counted.
    await cache.read(W1, { countJob: false, log });
    expect(counted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(counted).toEqual([
      { key: W1, jobs: 5, shown: { a: 5, b: 5 } },
      { key: W2, jobs: 3, shown: { a: 3 } },
    ]);
    // Nothing counted since: nothing written.
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.filter((call) => call.startsWith('count'))).toHaveLength(2);
  });

  it('writes the counts of a history before reading it again, so a fresh read sees them', async () => {
    const { store, calls, counted } = fakeStore([candidate('a')]);
    let clock = 0;
    const { cache, log } = cacheOf(store, { intervalMs: 1000, now: () => clock });
    await cache.read(W1, { countJob: true, log });
    await cache.read(W1, { countJob: true, log });
    clock = 1000;
    await cache.read(W1, { countJob: true, log });
    expect(calls).toEqual(['read 1', 'count 1', 'read 1']);
    expect(counted).toEqual([{ key: W1, jobs: 2, shown: { a: 2 } }]);
  });

  it('keeps the counts of a failed write for the next one, and logs a warning object', async () => {
    const { store, counted } = fakeStore([candidate('a')]);
    const { cache, log, lines } = cacheOf(store);
    await cache.read(W1, { countJob: true, log });
    await cache.read(W1, { countJob: true, log });
    store.failing = true;
    await cache.flush();
    expect(counted).toEqual([]);
    const warning = lines.find(
      (line) => line.msg === 'lesson effect counts not written; kept for the next flush',
    );
    expect(warning).toMatchObject({ level: 40, workflow: 'note', version: 1, jobs: 2 });
    expect(warning?.error).toMatchObject({ message: expect.stringContaining('READONLY') });
    await cache.read(W1, { countJob: true, log });
    store.failing = false;
    await cache.flush();
    expect(counted).toEqual([{ key: W1, jobs: 3, shown: { a: 3 } }]);
  });

  it('retires a useless lesson once per read: its jobs are shown it no more and its unwritten shown counts are dropped', async () => {
    const { store, calls, counted } = fakeStore([candidate('a', 2), candidate('b', 1)]);
    const { cache, log } = cacheOf(store);
    await cache.read(W1, { countJob: true, log });
    // The write before the next read fails: the job shown `a` is still held.
    store.failing = true;
    store.candidates = [useless('a'), candidate('b', 1)];
    cache.forget(W1);
    expect(signatures(await cache.read(W1, { countJob: true, log }))).toEqual(['b']);
    // A read that retired a lesson serves its own jobs only: the next job reads again, and keeps `a` retired.
    store.candidates = [
      { ...candidate('a', 2), retired: { at: 1, shownRate: 1, notShownRate: 1 } },
      candidate('b', 1),
    ];
    expect(signatures(await cache.read(W1, { countJob: true, log }))).toEqual(['b']);
    expect(calls.filter((call) => !call.startsWith('count'))).toEqual([
      'read 1',
      'read 1',
      'retire 1 a',
      'read 1',
    ]);
    store.failing = false;
    await cache.flush();
    expect(counted).toEqual([{ key: W1, jobs: 3, shown: { b: 3 } }]);
  });

  it('writes what is counted on close, and a job counted after it at once', async () => {
    const { store, counted } = fakeStore([candidate('a')]);
    const { cache, log } = cacheOf(store);
    await cache.read(W1, { countJob: true, log });
    await cache.read(W2, { countJob: true, log });
    await cache.close();
    expect(counted).toEqual([
      { key: W1, jobs: 1, shown: { a: 1 } },
      { key: W2, jobs: 1, shown: { a: 1 } },
    ]);
    await cache.read(W1, { countJob: true, log });
    expect(counted).toHaveLength(3);
  });

  it('with an interval of 0 reads for every job and writes each job counted before it starts', async () => {
    const { store, calls } = fakeStore([candidate('a')]);
    const { cache, log } = cacheOf(store, { intervalMs: 0 });
    await cache.read(W1, { countJob: true, log });
    await cache.read(W1, { countJob: false, log });
    await cache.read(W1, { countJob: true, log });
    expect(calls).toEqual(['read 1', 'count 1', 'read 1', 'read 1', 'count 1']);
  });

  it('refuses an interval that is not a whole number of milliseconds from 0', () => {
    const { store } = fakeStore([]);
    const { log } = captureLog();
    expect(() => new LessonCache({ store, topN: 3, policy, intervalMs: -1, log })).toThrow(RangeError);
    expect(() => new LessonCache({ store, topN: 3, policy, intervalMs: 1.5, log })).toThrow(RangeError);
  });
});
