import type { AttemptRecord } from './attempt-record';
import type { AttemptStore } from './attempt-store';

/** An {@link AttemptStore} in process memory, for tests and single-process use. Stores copies. */
export class InMemoryAttemptStore implements AttemptStore {
  readonly #byJob = new Map<string, AttemptRecord[]>();

  async load(jobKey: string): Promise<AttemptRecord[]> {
    return (this.#byJob.get(jobKey) ?? []).map((record) => structuredClone(record));
  }

  async append(jobKey: string, record: AttemptRecord): Promise<void> {
    const records = this.#byJob.get(jobKey) ?? [];
    records.push(structuredClone(record));
    this.#byJob.set(jobKey, records);
  }

  async clear(jobKey: string): Promise<void> {
    this.#byJob.delete(jobKey);
  }
}
