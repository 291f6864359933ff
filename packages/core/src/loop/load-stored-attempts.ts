import { AttemptRecord } from '../attempts/attempt-record';
import type { ExtractWarning, StoredAttemptsOptions } from './extract-options';

/** What an earlier run of the same job left behind. */
export interface StoredAttempts {
  /** Readable records, in stored order. */
  readonly records: AttemptRecord[];
  /** Model calls already made: the highest attempt number seen or the number of stored entries. */
  readonly used: number;
}

/** Options of {@link loadStoredAttempts}. */
export interface LoadStoredAttemptsOptions {
  readonly attempts: StoredAttemptsOptions;
  readonly onWarning: (warning: ExtractWarning) => void;
}

/**
 * Loads a job's stored attempts. Unreadable entries are skipped with a `stored_attempt_unreadable`
 * warning. When a readable record answers another input (its `inputHash` is not this job's, or it
 * has none), none of them can be trusted: every record is deleted from the store, a
 * `stored_attempts_mismatch` warning is given and the job starts afresh.
 */
export async function loadStoredAttempts(options: LoadStoredAttemptsOptions): Promise<StoredAttempts> {
  const { attempts, onWarning } = options;
  const { store, jobKey } = attempts;
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
  const foreign = records.filter((record) => record.inputHash !== attempts.inputHash).length;
  if (foreign > 0) {
    await store.clear(jobKey);
    onWarning({
      code: 'stored_attempts_mismatch',
      message: `${foreign} of ${stored.length} stored attempts of job ${jobKey} answer another input (workflow, version or input differ); all were discarded and the job starts afresh`,
    });
    return { records: [], used: 0 };
  }
  const used = Math.max(stored.length, ...records.map((record) => record.n));
  return { records, used };
}
