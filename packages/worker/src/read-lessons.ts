import type { HistoryKey, HistoryStore, Lesson } from '@quarry/core';
import type { Logger } from 'pino';
import { describeError } from './describe-error';

/** Options of {@link readLessons}. */
export interface ReadLessonsOptions {
  /** Null when the shared error history is switched off. */
  readonly history: { readonly store: HistoryStore; readonly topN: number } | null;
  readonly key: HistoryKey;
  readonly log: Logger;
}

/** The top lessons of a job's history (one round trip); none when the history is off or unreadable. */
export async function readLessons(options: ReadLessonsOptions): Promise<readonly Lesson[]> {
  const { history } = options;
  if (!history || history.topN === 0) return [];
  try {
    return await history.store.topLessons(options.key, history.topN);
  } catch (error) {
    options.log.warn({ error: describeError(error) }, 'could not read lessons; running without them');
    return [];
  }
}
