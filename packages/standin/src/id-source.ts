import { randomBytes } from 'node:crypto';

/**
 * Unique ids shaped like the API's (`req_…`, `msg_…`, `toolu_…`): a random part per stand-in and a
 * counter, so making one costs no randomness.
 */
export class IdSource {
  readonly #stem = randomBytes(6).toString('hex');
  #counter = 0;

  next(prefix: 'req' | 'msg' | 'toolu'): string {
    this.#counter++;
    return `${prefix}_standin${this.#stem}${this.#counter.toString(36).padStart(8, '0')}`;
  }
}
