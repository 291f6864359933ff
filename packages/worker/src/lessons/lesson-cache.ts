import {
  decideLessonEffect,
  type FirstAttemptExposure,
  type HistoryKey,
  type HistoryStore,
  type IssueObservation,
  type Lesson,
  type LessonCandidate,
  type LessonEffectPolicy,
  type LessonEffectStore,
} from '@quarry/core';
import type { Logger } from 'pino';
import { applyLessonDecision } from '../apply-lesson-decision';
import { describeError } from '../describe-error';

/** Defaults of {@link LessonCache} (the worker's `LESSON_READ_INTERVAL_MS` defaults to `intervalMs`). */
export const lessonCacheDefaults = {
  /** How long the lessons read for a history serve its jobs, and how often counted jobs are written. */
  intervalMs: 1000,
  /** Most histories whose counted jobs are held between flushes; jobs of further ones are not counted. */
  maxKeys: 10_000,
} as const;

/** Options of {@link LessonCache}. */
export interface LessonCacheOptions {
  readonly store: HistoryStore & LessonEffectStore;
  /** Lessons shown per job (at least 1: with 0 no lessons are read). */
  readonly topN: number;
  /** When a lesson is judged, retired and brought back. */
  readonly policy: LessonEffectPolicy;
  /**
   * How long the lessons read for a history serve its later jobs, and how often counted jobs are
   * written (0 to 2^31 − 1 ms). 0: lessons are read for every job and each job is counted before it
   * starts, as one more round trip. Default 1000 ms.
   */
  readonly intervalMs?: number;
  /** Most histories whose counted jobs are held between flushes (a failed flush's included). Default 10,000. */
  readonly maxKeys?: number;
  readonly log: Logger;
  /** Clock in milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

/** Options of {@link LessonCache.read}. */
export interface LessonReadOptions {
  /** True on the job's first start: it is counted in the lesson effects, as shown the lessons it gets. */
  readonly countJob: boolean;
  /** The job's log: a read it makes logs its warnings and decisions there. */
  readonly log: Logger;
}

/** A read of a history's lessons, in flight or done. */
interface Entry {
  readonly lessons: Promise<readonly Lesson[]>;
  /** When the read completed; null while it is in flight. */
  readAt: number | null;
}

/** Jobs of one history counted since the last flush. */
interface Pending {
  readonly key: HistoryKey;
  jobs: number;
  readonly shown: Map<string, number>;
}

/**
 * A worker's lessons, read once per interval per history (workflow + version + scope) instead of per
 * job, and the lesson effects' job counts, written once per interval per history.
 *
 * - **Reads**: the top lessons of a history are read (`lessonCandidates`) and judged
 *   (`decideLessonEffect`, a retirement or a restoration carried out at once) by the first job that
 *   finds none read within `intervalMs`; the jobs of that history until then get the same lessons.
 *   Jobs that find them stale together share the one read in flight. A read that failed, retired or
 *   restored a lesson serves only the jobs waiting on it: the next job reads again.
 * - **Invalidation**: a record through this cache (a failed attempt, {@link record}) drops the
 *   history's lessons, so the next job of it reads them afresh.
 * - **Counting**: a job counted (`countJob`, its first start) adds 1 to its history's jobs and to
 *   each lesson it was shown, in memory; every `intervalMs`, before each read of that history and on
 *   {@link close}, they are written in one `countLessonJobs` call per history, weighted as of then:
 *   lesson-effect counts are up to one interval late (and a job's first-attempt errors may be counted
 *   before the job is). A failed write keeps the counts for the next one (within `maxKeys`
 *   histories); a lesson retired by this worker drops the counts of jobs shown it not yet written
 *   (the store also leaves out those of a lesson retired meanwhile): they count as not shown it.
 */
export class LessonCache implements HistoryStore {
  readonly #store: HistoryStore & LessonEffectStore;
  readonly #topN: number;
  readonly #policy: LessonEffectPolicy;
  readonly #intervalMs: number;
  readonly #maxKeys: number;
  readonly #log: Logger;
  readonly #now: () => number;
  readonly #timer: NodeJS.Timeout | null;
  readonly #entries = new Map<string, Entry>();
  readonly #pending = new Map<string, Pending>();
  /** The last write of each history's counts, while one is in flight. */
  readonly #writes = new Map<string, Promise<void>>();
  #closed = false;
  #lost = 0;
  #lostLogged = 0;

  constructor(options: LessonCacheOptions) {
    this.#store = options.store;
    this.#topN = options.topN;
    this.#policy = options.policy;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
    this.#intervalMs = wholeOption('intervalMs', options.intervalMs ?? lessonCacheDefaults.intervalMs, 0);
    this.#maxKeys = wholeOption('maxKeys', options.maxKeys ?? lessonCacheDefaults.maxKeys, 1);
    this.#timer = this.#intervalMs > 0 ? setInterval(() => void this.#tick(), this.#intervalMs) : null;
    this.#timer?.unref();
  }

  /**
   * The lessons a job of `key` is shown: the ones read for that history within the interval, or
   * read (and judged) now; none when the history is unreadable. Counts the job when asked.
   */
  async read(key: HistoryKey, options: LessonReadOptions): Promise<readonly Lesson[]> {
    const id = historyId(key);
    const lessons = await this.#lessonsOf(id, key, options.log);
    if (options.countJob) {
      this.#count(id, key, lessons);
      if (this.#intervalMs === 0 || this.#closed) await this.#flushKey(id);
    }
    return lessons;
  }

  /** Drops the lessons read for `key`: the next job of it reads them afresh. */
  forget(key: HistoryKey): void {
    this.#entries.delete(historyId(key));
  }

  topLessons(key: HistoryKey, limit: number): Promise<Lesson[]> {
    return this.#store.topLessons(key, limit);
  }

  /** Records through the store, then drops the lessons read for `key` (see {@link forget}). */
  async record(
    key: HistoryKey,
    observations: readonly IssueObservation[],
    firstAttempt?: FirstAttemptExposure,
  ): Promise<void> {
    try {
      await this.#store.record(key, observations, firstAttempt);
    } finally {
      this.forget(key);
    }
  }

  /** Writes the jobs counted so far, one call per history; resolves once written or kept after a failure. */
  async flush(): Promise<void> {
    this.#logLost();
    await Promise.all([...this.#pending.keys()].map((id) => this.#flushKey(id)));
  }

  /** Stops the timer and writes what is counted (jobs counted later are written at once). */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    await this.flush();
    await Promise.all(this.#writes.values());
  }

  #lessonsOf(id: string, key: HistoryKey, log: Logger): Promise<readonly Lesson[]> {
    if (this.#intervalMs === 0) return this.#read(id, key, log).then((read) => read.lessons);
    const held = this.#entries.get(id);
    if (held && (held.readAt === null || this.#now() - held.readAt < this.#intervalMs)) return held.lessons;
    const read = this.#read(id, key, log);
    const entry: Entry = { lessons: read.then((done) => done.lessons), readAt: null };
    this.#entries.set(id, entry);
    void read.then(({ keep }) => {
      // Dropped meanwhile (a record): the read may predate it, so it serves only its waiting jobs.
      if (this.#entries.get(id) !== entry) return;
      if (keep) entry.readAt = this.#now();
      else this.#entries.delete(id);
    });
    return entry.lessons;
  }

  /** Reads and judges the lessons of `key`; `keep`: they may serve later jobs. Never rejects. */
  async #read(id: string, key: HistoryKey, log: Logger): Promise<{ lessons: Lesson[]; keep: boolean }> {
    // A fresh read sees the jobs this worker counted so far.
    await this.#flushKey(id);
    let candidates: LessonCandidate[];
    try {
      candidates = await this.#store.lessonCandidates(key, { limit: this.#topN });
    } catch (error) {
      log.warn({ error: describeError(error) }, 'could not read lessons; running without them');
      return { lessons: [], keep: false };
    }
    const lessons: Lesson[] = [];
    let keep = true;
    for (const candidate of candidates) {
      const decision = decideLessonEffect({
        counts: candidate.counts,
        retired: candidate.retired,
        ...this.#policy,
      });
      const shown = await applyLessonDecision({ store: this.#store, key, candidate, decision, log });
      if (decision.kind === 'retire' || decision.kind === 'restore') keep = false;
      if (decision.kind === 'retire' && !shown) {
        this.#pending.get(id)?.shown.delete(candidate.lesson.signature);
      }
      if (shown) lessons.push(candidate.lesson);
    }
    lessons.sort((a, b) => b.score - a.score || b.count - a.count || a.signature.localeCompare(b.signature));
    return { lessons, keep };
  }

  #count(id: string, key: HistoryKey, lessons: readonly Lesson[]): void {
    const pending = this.#pendingOf(id, key);
    if (!pending) {
      this.#lost += 1;
      return;
    }
    pending.jobs += 1;
    for (const { signature } of lessons)
      pending.shown.set(signature, (pending.shown.get(signature) ?? 0) + 1);
  }

  #pendingOf(id: string, key: HistoryKey): Pending | null {
    const held = this.#pending.get(id);
    if (held) return held;
    if (this.#pending.size >= this.#maxKeys) return null;
    const pending: Pending = { key, jobs: 0, shown: new Map() };
    this.#pending.set(id, pending);
    return pending;
  }

  /** Writes the counts of one history after any write of it in flight. Never rejects. */
  #flushKey(id: string): Promise<void> {
    const previous = this.#writes.get(id);
    if (!previous && !this.#pending.has(id)) return Promise.resolve();
    const write = (previous ?? Promise.resolve()).then(() => this.#write(id));
    this.#writes.set(id, write);
    void write.then(() => {
      if (this.#writes.get(id) === write) this.#writes.delete(id);
    });
    return write;
  }

  async #write(id: string): Promise<void> {
    const counts = this.#pending.get(id);
    if (!counts) return;
    this.#pending.delete(id);
    try {
      await this.#store.countLessonJobs(counts.key, { jobs: counts.jobs, shown: counts.shown });
    } catch (error) {
      // Kept for the next flush (within maxKeys): counts survive Redis being briefly away.
      const into = this.#pendingOf(id, counts.key);
      if (into) {
        into.jobs += counts.jobs;
        for (const [signature, shown] of counts.shown) {
          into.shown.set(signature, (into.shown.get(signature) ?? 0) + shown);
        }
      } else {
        this.#lost += counts.jobs;
      }
      const { workflow, version } = counts.key;
      this.#log.warn(
        { workflow, version, jobs: counts.jobs, error: describeError(error) },
        'lesson effect counts not written; kept for the next flush',
      );
    }
  }

  async #tick(): Promise<void> {
    const now = this.#now();
    for (const [id, entry] of this.#entries) {
      if (entry.readAt !== null && now - entry.readAt >= this.#intervalMs) this.#entries.delete(id);
    }
    await this.flush();
  }

  #logLost(): void {
    if (this.#lost === this.#lostLogged) return;
    this.#log.warn(
      { lost: this.#lost - this.#lostLogged, maxKeys: this.#maxKeys },
      'jobs not counted in the lesson effects: too many histories held',
    );
    this.#lostLogged = this.#lost;
  }
}

/** One string per history key. */
function historyId(key: HistoryKey): string {
  return JSON.stringify([key.workflow, key.version, key.scope ?? null]);
}

function wholeOption(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min || value > 2_147_483_647) {
    throw new RangeError(`LessonCache: ${name} must be a whole number from ${min}, got ${value}`);
  }
  return value;
}
