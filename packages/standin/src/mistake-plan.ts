import type { z } from 'zod';
import { type JsonPath, pathsOverlap } from './json-path';
import { type MutationKind, mutationCandidates } from './mutation';
import type { JsonSchema } from './schema-at';
import { seededUnit } from './seeded-unit';
import type { MistakeOptions } from './standin-options';

export interface PlannedMistake {
  readonly kind: MutationKind;
  readonly path: JsonPath;
}

/** The random mistakes of one document's replies (before feedback fixes any). */
export interface MistakePlan {
  /** True when feedback never fixes them. */
  readonly unfixable: boolean;
  readonly mistakes: readonly PlannedMistake[];
}

const allKinds: readonly MutationKind[] = [
  'wrongType',
  'missingField',
  'arithmeticOff',
  'dateFormat',
  'badEnum',
];

/**
 * Draws a document's mistakes from the seed and the document's name alone, so every reply for
 * the document (first try, retries, replays after a crash) starts from the same plan.
 */
export function planMistakes(options: {
  readonly seed: number;
  readonly documentKey: string;
  readonly truth: unknown;
  readonly schema: JsonSchema | null;
  readonly mistakes: z.output<typeof MistakeOptions>;
}): MistakePlan {
  const { seed, documentKey, truth, schema, mistakes } = options;
  const draw = seededUnit(seed, documentKey, 'mistakes');
  const unfixable = draw < mistakes.unfixableRate;
  if (draw >= Math.max(mistakes.rate, mistakes.unfixableRate)) return { unfixable: false, mistakes: [] };
  const weights = allKinds
    .map((kind) => ({ kind, weight: mistakes.kinds ? (mistakes.kinds[kind] ?? 0) : 1 }))
    .filter((entry) => entry.weight > 0);
  const candidates = new Map(
    weights.map(({ kind }) => [kind, mutationCandidates({ value: truth, kind, schema })]),
  );
  const planned: PlannedMistake[] = [];
  for (let i = 0; i < mistakes.count; i++) {
    const open = weights
      .map(({ kind, weight }) => ({
        kind,
        weight,
        paths: (candidates.get(kind) ?? []).filter(
          (path) => !planned.some((taken) => pathsOverlap(taken.path, path)),
        ),
      }))
      .filter((entry) => entry.paths.length > 0);
    const totalWeight = open.reduce((sum, entry) => sum + entry.weight, 0);
    if (open.length === 0 || totalWeight === 0) break;
    const pick = seededUnit(seed, documentKey, 'kind', i) * totalWeight;
    let reached = 0;
    const chosen =
      open.find((entry) => {
        reached += entry.weight;
        return pick < reached;
      }) ?? open.at(-1);
    if (!chosen) break;
    const path = chosen.paths[Math.floor(seededUnit(seed, documentKey, 'path', i) * chosen.paths.length)];
    if (path) planned.push({ kind: chosen.kind, path });
  }
  return { unfixable, mistakes: planned };
}
