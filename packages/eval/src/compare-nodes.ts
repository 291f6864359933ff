import { matchItems } from './match-items';
import { ABSENT, type PreparedItem, type PreparedNode } from './prepared-node';
import { sameLeaf } from './same-leaf';
import { ScoreInputError } from './score-input-error';
import type { LeafOutcome, LeafPlace, ScoreTally } from './score-tally';
import type { ScoringOptions } from './scoring-options';

/** The state of one comparison: options, the work done so far, and where outcomes go. */
export interface CompareContext {
  readonly options: ScoringOptions;
  readonly tally: ScoreTally;
  work: number;
}

type Side = 'expected' | 'extracted';

function spend(context: CompareContext, amount: number): void {
  context.work += amount;
  if (context.work > context.options.maxWork)
    throw new ScoreInputError({
      problem: 'too-much-work',
      side: 'extracted',
      path: '',
      detail: `matching array items takes more than ${context.options.maxWork} comparisons`,
      limit: context.options.maxWork,
    });
}

const step = (keys: LeafPlace[Side], key: string | number | null) =>
  keys === null || key === null ? null : [...keys, key];

/** A place one step down: a key for both sides, or each side's own array index (null: no counterpart). */
function below(
  place: LeafPlace,
  field: string | number,
  expected: string | number | null,
  extracted: string | number | null,
): LeafPlace {
  return {
    field: [...place.field, field],
    expected: step(place.expected, expected),
    extracted: step(place.extracted, extracted),
  };
}

/** Records every leaf of a value that has no counterpart on the other side. */
function recordUnmatched(node: PreparedNode, side: Side, place: LeafPlace, context: CompareContext): void {
  const outcome: LeafOutcome = side === 'expected' ? 'missing' : 'unexpected';
  const alone: LeafPlace = { ...place, [side === 'expected' ? 'extracted' : 'expected']: null };
  switch (node.kind) {
    case 'absent':
      return;
    case 'leaf':
      context.tally.add(outcome, alone);
      return;
    case 'object':
      for (const [key, child] of node.entries)
        recordUnmatched(child, side, below(alone, key, key, key), context);
      return;
    case 'array':
      for (const item of node.items)
        recordUnmatched(item.node, side, below(alone, 0, item.index, item.index), context);
      return;
  }
}

/**
 * Compares an expected and an extracted value and returns the number of leaves that match. With a
 * place, every leaf's outcome goes to the tally; without one (array item similarity) only the number
 * is computed.
 */
export function compareNodes(
  expected: PreparedNode,
  extracted: PreparedNode,
  context: CompareContext,
  place: LeafPlace | null,
): number {
  if (expected.kind === 'leaf' && extracted.kind === 'leaf') {
    spend(context, 1);
    const same = sameLeaf(expected.leaf, extracted.leaf, context.options);
    if (place) context.tally.add(same ? 'match' : 'different', place);
    return same ? 1 : 0;
  }
  if (expected.kind === 'object' && extracted.kind === 'object') {
    let matched = 0;
    const keys = new Set([...expected.entries.keys(), ...extracted.entries.keys()]);
    for (const key of keys)
      matched += compareNodes(
        expected.entries.get(key) ?? ABSENT,
        extracted.entries.get(key) ?? ABSENT,
        context,
        place && below(place, key, key, key),
      );
    return matched;
  }
  if (expected.kind === 'array' && extracted.kind === 'array')
    return compareArrays(expected.items, extracted.items, context, place);
  // Absent on a side, or different kinds of value: nothing can match.
  if (place) {
    recordUnmatched(expected, 'expected', place, context);
    recordUnmatched(extracted, 'extracted', place, context);
  }
  return 0;
}

/**
 * Matches expected items with extracted items by the best assignment (largest number of matching
 * leaves in all), compares the matched pairs, and counts the leaves of unmatched items as missing or
 * unexpected.
 */
function compareArrays(
  expected: readonly PreparedItem[],
  extracted: readonly PreparedItem[],
  context: CompareContext,
  place: LeafPlace | null,
): number {
  spend(context, expected.length * extracted.length);
  const similarity = expected.map((row) =>
    extracted.map((column) => compareNodes(row.node, column.node, context, null)),
  );
  const matches = matchItems(similarity);
  if (!place) return matches.reduce((sum, match) => sum + match.similarity, 0);
  const matchedRows = new Set<number>();
  const matchedColumns = new Set<number>();
  let matched = 0;
  for (const { row, column } of matches) {
    const [mine, theirs] = [expected[row]!, extracted[column]!];
    matchedRows.add(row);
    matchedColumns.add(column);
    matched += compareNodes(mine.node, theirs.node, context, below(place, 0, mine.index, theirs.index));
  }
  expected.forEach((item, row) => {
    if (!matchedRows.has(row))
      recordUnmatched(item.node, 'expected', below(place, 0, item.index, null), context);
  });
  extracted.forEach((item, column) => {
    if (!matchedColumns.has(column))
      recordUnmatched(item.node, 'extracted', below(place, 0, null, item.index), context);
  });
  return matched;
}
