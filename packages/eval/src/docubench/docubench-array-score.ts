import { canonicalText, type DocubenchValue, isEmpty, isObject, looseEqual } from './docubench-value';

/**
 * An array item's leaves by dotted key: nested objects flattened (`address.city`), nested arrays
 * compared whole (by their canonical text), a scalar item under `_val`. A later key overwrites an
 * earlier equal one, keeping its place.
 */
function itemLeaves(item: DocubenchValue, prefix = ''): Map<string, DocubenchValue> {
  if (!isObject(item)) return new Map([[prefix || '_val', item]]);
  const leaves = new Map<string, DocubenchValue>();
  for (const [key, value] of item) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isObject(value)) for (const [leaf, leafValue] of itemLeaves(value, name)) leaves.set(leaf, leafValue);
    else leaves.set(name, Array.isArray(value) ? canonicalText(value) : value);
  }
  return leaves;
}

/**
 * How alike a labelled and an output item are: the share of equal leaves over every leaf key either
 * has, leaving out keys empty on both sides (1 when none is left).
 */
function itemSimilarity(label: DocubenchValue, output: DocubenchValue): number {
  const labelLeaves = itemLeaves(label);
  const outputLeaves = itemLeaves(output);
  const keys = new Set([...labelLeaves.keys(), ...outputLeaves.keys()]);
  let scored = 0;
  let equal = 0;
  for (const key of keys) {
    const [a, b] = [labelLeaves.get(key), outputLeaves.get(key)];
    if (isEmpty(a) && isEmpty(b)) continue;
    scored++;
    if (looseEqual(a, b)) equal++;
  }
  return scored === 0 ? 1 : equal / scored;
}

/** The mean number of non-empty leaves of the labelled items (each at least 1; 1 with no items). */
export function meanLabelLeaves(items: readonly DocubenchValue[]): number {
  if (items.length === 0) return 1;
  let sum = 0;
  for (const item of items) {
    let count = 0;
    for (const value of itemLeaves(item).values()) if (!isEmpty(value)) count++;
    sum += Math.max(count, 1);
  }
  return sum / items.length;
}

/**
 * An array's score: every labelled item against every output item, then pairs taken greedily from the
 * most similar down (ties in label-then-output order), neither side reused; the sum of the taken
 * similarities over the longer side's length, so unmatched items on either side count as 0. Both
 * empty: 1; one empty: 0.
 */
export function scoreDocubenchArray(
  labels: readonly DocubenchValue[],
  outputs: readonly DocubenchValue[],
): number {
  if (labels.length === 0 && outputs.length === 0) return 1;
  if (labels.length === 0 || outputs.length === 0) return 0;
  const pairs: { similarity: number; label: number; output: number }[] = [];
  labels.forEach((label, labelIndex) => {
    outputs.forEach((output, outputIndex) => {
      pairs.push({ similarity: itemSimilarity(label, output), label: labelIndex, output: outputIndex });
    });
  });
  pairs.sort((a, b) => b.similarity - a.similarity);
  const usedLabels = new Set<number>();
  const usedOutputs = new Set<number>();
  let total = 0;
  for (const pair of pairs) {
    if (usedLabels.has(pair.label) || usedOutputs.has(pair.output)) continue;
    total += pair.similarity;
    usedLabels.add(pair.label);
    usedOutputs.add(pair.output);
  }
  return total / Math.max(labels.length, outputs.length);
}
