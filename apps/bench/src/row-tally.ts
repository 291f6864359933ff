/** Rows of an extraction compared with the rows expected, each row known by a unique key. */
export interface RowTally {
  /** Rows the document holds. */
  readonly expected: number;
  /** Rows the extraction gave, repeats included (0 when it gave nothing). */
  readonly extracted: number;
  /** Expected rows the extraction lacks. */
  readonly dropped: number;
  /** Extra copies of rows it gave more than once (a row given three times counts 2). */
  readonly duplicated: number;
  /** Rows it gave whose key is not among the expected rows. */
  readonly unexpected: number;
}

/** A row key given twice among the expected rows: such keys cannot tell rows apart. */
export class RowTallyInputError extends Error {
  override readonly name = 'RowTallyInputError';
  readonly key: string;

  constructor(options: { readonly key: string }) {
    super(`expected rows: the key ${JSON.stringify(options.key.slice(0, 80))} names more than one row`);
    this.key = options.key;
  }
}

/**
 * Compares the keys of the rows an extraction gave with the keys of the rows expected:
 * how many expected rows are missing, how many given rows repeat one given before, and how many
 * name no expected row. `extracted` null (no output, e.g. a dead-lettered job) is 0 rows, every
 * expected row dropped.
 * @throws RowTallyInputError when two expected rows share a key.
 */
export function tallyRows(options: {
  readonly expected: readonly string[];
  readonly extracted: readonly string[] | null;
}): RowTally {
  const expected = new Set<string>();
  for (const key of options.expected) {
    if (expected.has(key)) throw new RowTallyInputError({ key });
    expected.add(key);
  }
  const extracted = options.extracted ?? [];
  const seen = new Set<string>();
  let duplicated = 0;
  let unexpected = 0;
  for (const key of extracted) {
    if (seen.has(key)) {
      duplicated += 1;
      continue;
    }
    seen.add(key);
    if (!expected.has(key)) unexpected += 1;
  }
  let dropped = 0;
  for (const key of expected) if (!seen.has(key)) dropped += 1;
  return { expected: expected.size, extracted: extracted.length, dropped, duplicated, unexpected };
}
