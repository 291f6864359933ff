import type { Effort } from '@quarry/core';
import { type PlannedMistake, planMistakes } from './mistake-plan';
import type { JsonSchema } from './schema-at';
import { seededUnit } from './seeded-unit';

/**
 * The mistake a document gets at an effort it is not answered right at, or null. One seeded draw
 * per document against `skill[effort]` (a level left out is always right), so the same document
 * is right at every effort whose skill is at least as high; the mistake itself is drawn like a
 * random mistake, from a seed of its own.
 */
export function effortMistake(options: {
  readonly seed: number;
  readonly documentKey: string;
  readonly truth: unknown;
  readonly schema: JsonSchema | null;
  readonly effort: Effort;
  readonly skill: Partial<Record<Effort, number>> | undefined;
}): PlannedMistake | null {
  const skill = options.skill?.[options.effort];
  if (skill === undefined || seededUnit(options.seed, options.documentKey, 'effort') < skill) return null;
  const plan = planMistakes({
    seed: options.seed,
    documentKey: `${options.documentKey}\u0000effort`,
    truth: options.truth,
    schema: options.schema,
    mistakes: { rate: 1, unfixableRate: 0, count: 1 },
  });
  return plan.mistakes[0] ?? null;
}
