import type {
  FirstAttemptExposure,
  HistoryKey,
  HistoryStore,
  IssueObservation,
  Lesson,
  LessonCandidate,
  LessonCandidatesOptions,
  LessonEffect,
  LessonEffectStore,
  LessonJobCounts,
} from '@quarry/core';
import type { QuarryKeys } from './keys';
import { lessonCandidatesOf, lessonEffectsOf } from './lesson-effect-reply';
import type { RedisClient } from './redis-connection';
import { type QuarryScriptCommands, withQuarryScripts } from './scripts/quarry-scripts';

/** Options of {@link RedisHistoryStore}. */
export interface RedisHistoryStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /**
   * Signatures kept per workflow version and scope. Beyond it the lowest decayed scores are evicted,
   * sparing the signatures being recorded (a new mistake always gets in).
   */
  readonly maxSignatures: number;
  /** Time for a signature's score to halve. */
  readonly halfLifeMs: number;
  /** A history untouched this long is deleted (scores are ~1e-9 of their value by then). Default 30 half-lives. */
  readonly idleTtlMs?: number;
  /** Clock in milliseconds. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * The shared per-workflow error history in Redis, per workflow + version (+ scope): a sorted set of
 * decayed frequencies, a hash of count, first/last seen and one example per signature, and a hash of
 * the lessons' effects (jobs shown each lesson or not, and how many of their first attempts made its
 * error; retirement marks). Reading the top N is one script call; counting jobs (gathered by the
 * caller) is one script call; recording a failed attempt is one atomic script call (counting a first
 * attempt's errors in it).
 */
export class RedisHistoryStore implements HistoryStore, LessonEffectStore {
  readonly #redis: RedisClient & QuarryScriptCommands;
  readonly #keys: QuarryKeys;
  readonly #maxSignatures: number;
  readonly #halfLifeMs: number;
  readonly #idleTtlMs: number;
  readonly #now: () => number;

  constructor(options: RedisHistoryStoreOptions) {
    if (!Number.isInteger(options.maxSignatures) || options.maxSignatures < 1) {
      throw new TypeError(`maxSignatures must be a positive integer, got ${options.maxSignatures}`);
    }
    if (!(options.halfLifeMs > 0))
      throw new TypeError(`halfLifeMs must be positive, got ${options.halfLifeMs}`);
    this.#keys = options.keys;
    this.#maxSignatures = options.maxSignatures;
    this.#halfLifeMs = options.halfLifeMs;
    this.#idleTtlMs = Math.ceil(options.idleTtlMs ?? options.halfLifeMs * 30);
    this.#now = options.now ?? Date.now;
    this.#redis = withQuarryScripts(options.redis);
  }

  async topLessons(key: HistoryKey, limit: number): Promise<Lesson[]> {
    const candidates = await this.lessonCandidates(key, { limit });
    return candidates
      .filter((candidate) => candidate.retired === null)
      .map((candidate) => candidate.lesson)
      .sort((a, b) => b.score - a.score || b.count - a.count || a.signature.localeCompare(b.signature));
  }

  async lessonCandidates(key: HistoryKey, options: LessonCandidatesOptions): Promise<LessonCandidate[]> {
    const { scores, details, effect } = this.#keys.history(key.workflow, key.version, key.scope);
    const now = this.#now();
    const reply = await this.#redis.quarryHistoryRead(
      scores,
      details,
      effect,
      Math.max(0, Math.floor(options.limit)),
    );
    return lessonCandidatesOf(reply, { now, halfLifeMs: this.#halfLifeMs });
  }

  async countLessonJobs(key: HistoryKey, counts: LessonJobCounts): Promise<void> {
    const whole = (value: number) => (Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);
    const jobs = whole(counts.jobs);
    const shown = [...counts.shown].flatMap(([signature, count]) =>
      whole(count) > 0 ? [signature, whole(count)] : [],
    );
    if (jobs === 0 && shown.length === 0) return;
    const { effect } = this.#keys.history(key.workflow, key.version, key.scope);
    await this.#redis.quarryCountLessonJobs(
      effect,
      String(this.#now()),
      String(this.#halfLifeMs),
      String(this.#idleTtlMs),
      jobs,
      ...shown,
    );
  }

  async record(
    key: HistoryKey,
    observations: readonly IssueObservation[],
    firstAttempt?: FirstAttemptExposure,
  ): Promise<void> {
    const distinct = new Map<string, string>();
    for (const { signature, example } of observations) {
      if (!distinct.has(signature)) distinct.set(signature, example);
    }
    if (distinct.size === 0) return;
    const { scores, details, effect } = this.#keys.history(key.workflow, key.version, key.scope);
    const shown = firstAttempt ? [...new Set(firstAttempt.shown)] : null;
    await this.#redis.quarryHistoryRecord(
      scores,
      details,
      effect,
      String(this.#now()),
      String(this.#halfLifeMs),
      String(this.#maxSignatures),
      String(this.#idleTtlMs),
      shown ? shown.length : -1,
      ...(shown ?? []),
      ...[...distinct].flat(),
    );
  }

  async retireLesson(
    key: HistoryKey,
    retirement: { signature: string; shownRate: number; notShownRate: number },
  ): Promise<boolean> {
    const { effect } = this.#keys.history(key.workflow, key.version, key.scope);
    const rate = (value: number) => String(Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);
    const retired = await this.#redis.quarryRetireLesson(
      effect,
      retirement.signature,
      String(this.#now()),
      String(this.#halfLifeMs),
      String(this.#idleTtlMs),
      rate(retirement.shownRate),
      rate(retirement.notShownRate),
    );
    return retired === 1;
  }

  async restoreLesson(key: HistoryKey, lesson: { signature: string; retiredAt: number }): Promise<boolean> {
    const { effect } = this.#keys.history(key.workflow, key.version, key.scope);
    return (await this.#redis.quarryRestoreLesson(effect, lesson.signature, String(lesson.retiredAt))) === 1;
  }

  /** Every signature that is or was a lesson in its current period, with its counts and state (one command). */
  async lessonEffects(key: HistoryKey): Promise<LessonEffect[]> {
    const { effect } = this.#keys.history(key.workflow, key.version, key.scope);
    const hash = await this.#redis.hgetall(effect);
    return lessonEffectsOf(hash, { now: this.#now(), halfLifeMs: this.#halfLifeMs });
  }
}
