/** The label value of every value past the cap. */
const OTHER_LABEL = 'other';

/**
 * Keeps a metric label bounded: within each scope (e.g. a workflow; `''` for one scope overall), the
 * first `max` distinct values seen by this process get their own label value, every later one counts
 * as `other`. Frequent values show up early, so in practice the top ones keep their own series, and
 * no input — a producer's model name, a model's odd issue path — can add series without end.
 */
export class BoundedLabels {
  readonly #max: number;
  readonly #admitted = new Map<string, Set<string>>();

  constructor(max: number) {
    this.#max = max;
  }

  /** The label value for `value` within `scope`. */
  label(scope: string, value: string): string {
    let admitted = this.#admitted.get(scope);
    if (!admitted) {
      admitted = new Set();
      this.#admitted.set(scope, admitted);
    }
    if (admitted.has(value)) return value;
    if (admitted.size >= this.#max) return OTHER_LABEL;
    admitted.add(value);
    return value;
  }
}
