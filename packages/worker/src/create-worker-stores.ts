import type { AttemptStore, HistoryStore, LessonEffectPolicy, LessonEffectStore } from '@quarry/core';
import {
  DeadLetterWriter,
  type QuarryQueues,
  RedisAttemptStore,
  type RedisClient,
  RedisHistoryStore,
  ReviewIndex,
} from '@quarry/queue';
import type { Logger } from 'pino';
import { describeError } from './describe-error';
import { LessonCache } from './lessons/lesson-cache';
import type { WorkerConfig } from './worker-config';

/** Options of {@link createWorkerStores}. */
export interface WorkerStoresOptions {
  readonly connection: RedisClient;
  readonly queues: QuarryQueues;
  readonly config: WorkerConfig['queue'];
  /** When lessons are judged, retired and brought back. */
  readonly lessons: LessonEffectPolicy;
  /** How long lessons read for a history serve its jobs, and how often counted jobs are written (`LessonCache`). */
  readonly lessonReadIntervalMs: number;
  readonly log: Logger;
}

/**
 * The shared error history as a worker uses it: the store, lessons shown per job, when a lesson is
 * retired, and the lessons as read and counted once per interval (jobs read and record through it).
 */
export interface WorkerHistory {
  readonly store: HistoryStore & LessonEffectStore;
  readonly topN: number;
  readonly policy: LessonEffectPolicy;
  readonly lessons: LessonCache;
}

/** The Redis-backed state of a worker. */
export interface WorkerStores {
  readonly attempts: AttemptStore;
  /** Null when the shared error history is switched off. */
  readonly history: WorkerHistory | null;
  readonly deadLetters: DeadLetterWriter;
  readonly review: ReviewIndex;
}

/**
 * Opens the worker's durable stores on its connection: saved attempts (unreadable records are
 * logged and skipped), the shared error history when enabled, the DLQ writer and the review index.
 */
export function createWorkerStores(options: WorkerStoresOptions): WorkerStores {
  const { connection, queues, config, log } = options;
  const { keys } = queues;
  const attempts = new RedisAttemptStore({
    redis: connection,
    keys,
    ttlSeconds: config.attemptTtlSeconds,
    onUnreadable: ({ jobKey, field, error }) =>
      log.warn({ jobKey, field, error: describeError(error) }, 'stored attempt record unreadable; skipped'),
  });
  const history = config.history.enabled ? workerHistory(options) : null;
  const deadLetters = new DeadLetterWriter({ queue: queues.dlq, keys, attempts });
  const review = new ReviewIndex({ redis: connection, keys });
  return { attempts, history, deadLetters, review };
}

function workerHistory(options: WorkerStoresOptions): WorkerHistory {
  const { history } = options.config;
  const store = new RedisHistoryStore({
    redis: options.connection,
    keys: options.queues.keys,
    maxSignatures: history.maxSignatures,
    halfLifeMs: history.halfLifeMs,
  });
  const lessons = new LessonCache({
    store,
    topN: history.topN,
    policy: options.lessons,
    intervalMs: options.lessonReadIntervalMs,
    log: options.log,
  });
  return { store, topN: history.topN, policy: options.lessons, lessons };
}
