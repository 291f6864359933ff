import type { AttemptRecord } from './attempt-record';
import type { AppendAttemptOptions, AppendedAttempt, AttemptStore } from './attempt-store';

/** An {@link AttemptStore} in process memory, for tests and single-process use. Stores copies. */
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
    const discarded = options?.replace ? earlier.length : 0;
    const records = options?.replace ? [] : earlier;
    records.push(structuredClone(record));
    this.#byJob.set(jobKey, records);
    return { discarded };
  }

  async clear(jobKey: string): Promise<void> {
    this.#byJob.delete(jobKey);
  }
}
