import type { z } from 'zod';
import { inventedValue } from './invented-value';
import { formatPath, type JsonPath, setAt } from './json-path';
import { leafConstraints } from './leaf-constraints';
import type { PlantOptions } from './plant-options';
import { type JsonSchema, requiresKey, schemaAt } from './schema-at';
import { seededUnit } from './seeded-unit';
import { isPresent, type TruthLeaf, truthLeaves } from './truth-leaves';
import { wrongValue } from './wrong-value';

/** How a planted field differs from the truth. */
export type PlantedKind = 'wrong' | 'missing' | 'invented';

/** One planted field: its path and the value the answer holds there (`undefined`: the key is left out). */
export interface PlantedMistake {
  readonly kind: PlantedKind;
  readonly path: JsonPath;
  readonly value: unknown;
}

/** A document's planted mistakes, the same in every answer for the document and schema. */
export interface PlantedPlan {
  /** Leaf values of the truth (array items' leaves and nulls included): what the rates are shares of. */
  readonly leaves: number;
  /** Leaves with a value (not null, not a blank string): what an eval counts as expected. */
  readonly present: number;
  /** `round(rate × leaves)` of each kind. */
  readonly wanted: Readonly<Record<PlantedKind, number>>;
  /**
   * The planted fields, in the order chosen. Fewer than wanted only when the document has too few
   * fields for a kind; a missing field the schema requires (and does not let be null) is planted
   * as wrong instead, so `wrong` may exceed its share by as many.
   */
  readonly mistakes: readonly PlantedMistake[];
}

/**
 * Chooses a document's planted mistakes from the seed, the document's name, its truth and the
 * request's schema alone: `round(rate × leaves)` of each kind (half rounds up), picked in a seeded
 * order of the leaves (missing values first among the leaves that can go missing, then wrong values
 * among the other leaves with a value, then invented values among the empty and absent fields).
 */
export function planPlantedMistakes(options: {
  readonly seed: number;
  readonly documentKey: string;
  readonly truth: unknown;
  readonly schema: JsonSchema | null;
  readonly plant: z.output<typeof PlantOptions>;
}): PlantedPlan {
  const { documentKey, truth, schema, plant } = options;
  const seed = plant.seed ?? options.seed;
  const { leaves, absent } = truthLeaves(truth, schema);
  const wanted = {
    wrong: shareOf(plant.wrongRate, leaves.length),
    missing: shareOf(plant.missingRate, leaves.length),
    invented: shareOf(plant.inventedRate, leaves.length),
  };
  const draw = (purpose: string, path: JsonPath): number =>
    seededUnit(seed, documentKey, 'plant', purpose, formatPath(path));
  const inOrder = <T extends { readonly path: JsonPath }>(items: readonly T[], purpose: string): T[] =>
    items
      .filter((item) => item.path.length > 0)
      .map((item) => ({ item, order: draw(purpose, item.path) }))
      .sort((a, b) => a.order - b.order)
      .map(({ item }) => item);
  const constraintsAt = (path: JsonPath) => leafConstraints(schema, schemaAt(schema, path));

  const mistakes: PlantedMistake[] = [];
  const given = inOrder(
    leaves.filter((leaf) => isPresent(leaf.value)),
    'order',
  );
  const gone = new Set<TruthLeaf>();
  for (const leaf of given) {
    if (gone.size === wanted.missing) break;
    const missing = missingValue(schema, leaf);
    if (!missing) continue;
    mistakes.push({ kind: 'missing', path: leaf.path, value: missing.value });
    gone.add(leaf);
  }
  // A leaf that cannot go missing is made wrong instead.
  const wrongWanted = wanted.wrong + wanted.missing - gone.size;
  let wrong = 0;
  for (const leaf of given) {
    if (wrong === wrongWanted) break;
    if (gone.has(leaf)) continue;
    const value = wrongValue({
      value: leaf.value,
      constraints: constraintsAt(leaf.path),
      draw: draw('value', leaf.path),
    });
    if (value === null) continue;
    mistakes.push({ kind: 'wrong', path: leaf.path, value });
    wrong++;
  }
  const empty = [...leaves.filter((leaf) => !isPresent(leaf.value)).map((leaf) => leaf.path), ...absent].map(
    (path) => ({ path }),
  );
  let invented = 0;
  for (const { path } of inOrder(empty, 'invent')) {
    if (invented === wanted.invented) break;
    const value = inventedValue({ constraints: constraintsAt(path), draw: draw('value', path) });
    if (value === null) continue;
    mistakes.push({ kind: 'invented', path, value });
    invented++;
  }
  return {
    leaves: leaves.length,
    present: leaves.filter((leaf) => isPresent(leaf.value)).length,
    wanted,
    mistakes,
  };
}

/** `round(rate × count)`, half up, as written in decimals (0.15 × 10 is 2, not the 1 of its binary product). */
const shareOf = (rate: number, count: number): number => Math.round(Number((rate * count).toFixed(9)));

/** How the leaf goes missing: null where the schema allows null, else left out where optional; null if neither. */
function missingValue(
  schema: JsonSchema | null,
  leaf: TruthLeaf,
): { readonly value: null | undefined } | null {
  const key = leaf.path.at(-1);
  const types = leafConstraints(schema, schemaAt(schema, leaf.path)).types;
  if (types?.has('null')) return { value: null };
  if (typeof key !== 'string') return null;
  if (!schema) return { value: undefined };
  const parent = schemaAt(schema, leaf.path.slice(0, -1));
  return requiresKey(schema, parent, key) === true ? null : { value: undefined };
}

/**
 * Puts a plan's mistakes into a mutable answer. Returns the quotes the answer gives for them when
 * evidence is asked: the invented value itself for an invented field, none for a missing one (a
 * wrong value keeps the true passage: the model misread it).
 */
export function applyPlantedMistakes(target: unknown, plan: PlantedPlan): Map<string, string | null> {
  const quotes = new Map<string, string | null>();
  for (const mistake of plan.mistakes) {
    setAt(target, mistake.path, mistake.value);
    if (mistake.kind === 'invented') quotes.set(formatPath(mistake.path), String(mistake.value));
    else if (mistake.kind === 'missing') quotes.set(formatPath(mistake.path), null);
  }
  return quotes;
}
