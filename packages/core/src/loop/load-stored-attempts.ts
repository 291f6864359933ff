import { AttemptRecord } from '../attempts/attempt-record';
import type { AttemptStore } from '../attempts/attempt-store';
import type { ExtractWarning } from './extract-options';

/** What an earlier run of the same job left behind. */
export interface StoredAttempts {
  /** Readable records, in stored order. */
  readonly records: AttemptRecord[];
  /** Model calls already made: the highest attempt number seen or the number of stored entries. */
  readonly used: number;
}

/** Loads a job's stored attempts; unreadable entries are skipped with a `stored_attempt_unreadable` warning. */
export async function loadStoredAttempts(
  store: AttemptStore,
  jobKey: string,
  onWarning: (warning: ExtractWarning) => void,
): Promise<StoredAttempts> {
  const stored: unknown[] = await store.load(jobKey);
  const records: AttemptRecord[] = [];
  for (const [i, entry] of stored.entries()) {
    const parsed = AttemptRecord.safeParse(entry);
    if (parsed.success) {
      records.push(parsed.data);
    } else {
      const first = parsed.error.issues[0];
      onWarning({
        code: 'stored_attempt_unreadable',
        message: `Stored attempt ${i + 1} of job ${jobKey} is unreadable and was skipped (${first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid'})`,
        cause: parsed.error,
      });
    }
  }
  const used = Math.max(stored.length, ...records.map((record) => record.n));
  return { records, used };
}
