/** Which bound of a labelled set a put would break. */
export type LabelledSetLimit = 'items' | 'item_bytes' | 'expected_bytes';

const what: Readonly<Record<LabelledSetLimit, string>> = {
  items: 'items in a set',
  item_bytes: 'bytes of JSON in one item',
  expected_bytes: 'bytes of JSON in one expected output',
};

/** A put that would break a bound of the labelled set store; nothing was written. */
export class LabelledSetLimitError extends Error {
  override readonly name = 'LabelledSetLimitError';
  readonly set: string;
  readonly itemId: string;
  readonly limit: LabelledSetLimit;
  /** The bound. */
  readonly max: number;
  /** What the put came to (items the set holds, or the bytes). */
  readonly actual: number;

  constructor(options: {
    set: string;
    itemId: string;
    limit: LabelledSetLimit;
    max: number;
    actual: number;
  }) {
    super(
      options.limit === 'items'
        ? `set ${options.set} is full: it holds ${options.actual} items, at most ${options.max} (item ${JSON.stringify(options.itemId)} was not stored)`
        : `item ${JSON.stringify(options.itemId)} of set ${options.set} is too large: ${options.actual} ${what[options.limit]}, at most ${options.max}`,
    );
    this.set = options.set;
    this.itemId = options.itemId;
    this.limit = options.limit;
    this.max = options.max;
    this.actual = options.actual;
  }
}
