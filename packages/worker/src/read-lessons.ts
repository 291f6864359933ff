import type { HistoryKey, HistoryStore, Lesson } from '@quarry/core';
import type { Logger } from 'pino';
import { describeError } from './describe-error';

/** Options of {@link readLessons}. */
export interface ReadLessonsOptions {
  /** Null when the shared error history is switched off. */
  readonly history: { readonly store: HistoryStore; readonly topN: number } | null;
  readonly key: HistoryKey;
  /** False when the job is to be shown no lessons (an evaluation job with `lessons: 'off'`): none are read. */
  readonly shown: boolean;
  readonly log: Logger;
}

/**
 * The top lessons of a job's history (one round trip); none when the history is off or unreadable,
 * or when the job is not to be shown any.
 */
export async function readLessons(options: ReadLessonsOptions): Promise<readonly Lesson[]> {
  const { history } = options;
  if (!history || history.topN === 0 || !options.shown) return [];
  try {
    return await history.store.topLessons(options.key, history.topN);
  } catch (error) {
    options.log.warn({ error: describeError(error) }, 'could not read lessons; running without them');
    return [];
  }
}
