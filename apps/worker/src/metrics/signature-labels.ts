/** The label value of every signature past the cap. */
export const OTHER_SIGNATURE = 'other';

/**
 * Keeps the `signature` label of the issue metrics bounded: per workflow, the first `max` distinct
 * signatures seen by this process get their own label value, every later one counts as `other`.
 * Frequent mistakes show up early, so in practice the top signatures keep their own series.
 */
export class SignatureLabels {
  readonly #max: number;
  readonly #admitted = new Map<string, Set<string>>();

  constructor(max: number) {
    this.#max = max;
  }

  /** The label value for `signature` within `workflow`. */
  label(workflow: string, signature: string): string {
    let admitted = this.#admitted.get(workflow);
    if (!admitted) {
      admitted = new Set();
      this.#admitted.set(workflow, admitted);
    }
    if (admitted.has(signature)) return signature;
    if (admitted.size >= this.#max) return OTHER_SIGNATURE;
    admitted.add(signature);
    return signature;
  }
}
