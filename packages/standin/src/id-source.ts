import { randomBytes } from 'node:crypto';

/** The kinds of ids the stand-in makes. */
export type IdPrefix = 'req' | 'msg' | 'toolu' | 'msgbatch' | 'file';

/**
 * Unique ids shaped like the API's (`req_…`, `msg_…`, `toolu_…`, `msgbatch_…`): a random part per stand-in and a
 * counter, so making one costs no randomness.
 */
export class IdSource {
  readonly #stem = randomBytes(6).toString('hex');
  #counter = 0;

  next(prefix: IdPrefix): string {
    this.#counter++;
    return `${prefix}_standin${this.#stem}${this.#counter.toString(36).padStart(8, '0')}`;
  }

  /**
   * The counter of an id this source made with `prefix` (ids made later have larger counters), or
   * null when `id` is not one of this source's ids of that kind.
   */
  sequenceOf(id: string, prefix: IdPrefix): number | null {
    const head = `${prefix}_standin${this.#stem}`;
    if (!id.startsWith(head)) return null;
    const counter = id.slice(head.length);
    return /^[0-9a-z]{8,11}$/.test(counter) ? Number.parseInt(counter, 36) : null;
  }
}
