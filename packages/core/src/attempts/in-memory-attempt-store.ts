import type { AttemptRecord } from './attempt-record';
import type { AppendAttemptOptions, AppendedAttempt, AttemptStore } from './attempt-store';

/**
 * An {@link AttemptStore} in process memory, for tests and single-process use. Stores copies, one per
 * attempt number (as the Redis store).
 */
export class InMemoryAttemptStore implements AttemptStore {
  readonly #byJob = new Map<string, AttemptRecord[]>();

  async load(jobKey: string): Promise<AttemptRecord[]> {
    return (this.#byJob.get(jobKey) ?? []).map((record) => structuredClone(record));
  }

  async append(
    jobKey: string,
    record: AttemptRecord,
    options?: AppendAttemptOptions,
  ): Promise<AppendedAttempt> {
    const earlier = this.#byJob.get(jobKey) ?? [];
    const kept = options?.replace
      ? earlier.filter((stored) => record.inputHash !== undefined && stored.inputHash === record.inputHash)
      : earlier;
    const discarded = earlier.length - kept.length;
    const records = kept.filter((stored) => stored.n !== record.n);
    records.push(structuredClone(record));
    this.#byJob.set(jobKey, records);
    return { discarded };
  }

  async clear(jobKey: string): Promise<void> {
    this.#byJob.delete(jobKey);
  }
}
