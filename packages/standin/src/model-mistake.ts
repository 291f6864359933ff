import { type PlannedMistake, planMistakes } from './mistake-plan';
import type { JsonSchema } from './schema-at';
import { seededUnit } from './seeded-unit';

/** A document's mistake on a model too little skilled for it, and whether feedback fixes it. */
export interface ModelMistake {
  readonly mistake: PlannedMistake;
  /** True when the model fixes it once feedback names its path. */
  readonly fixable: boolean;
}

/**
 * The mistake a model makes on a document it is not skilled enough for, or null. One seeded draw
 * per document, shared by every model, against `skill[model]` (a model left out is always right),
 * so a document one model answers right is answered right by every model at least as skilled; a
 * second draw per document against the same skill decides whether feedback fixes it, so a more
 * skilled model also fixes more. The mistake itself is drawn like a random mistake, from a seed of
 * its own, and is the same for every model.
 */
export function modelMistake(options: {
  readonly seed: number;
  readonly documentKey: string;
  readonly truth: unknown;
  readonly schema: JsonSchema | null;
  readonly model: string;
  readonly skill: Readonly<Record<string, number>> | undefined;
}): ModelMistake | null {
  const skill = options.skill?.[options.model];
  if (skill === undefined || seededUnit(options.seed, options.documentKey, 'model') < skill) return null;
  const plan = planMistakes({
    seed: options.seed,
    documentKey: `${options.documentKey}\u0000model`,
    truth: options.truth,
    schema: options.schema,
    mistakes: { rate: 1, unfixableRate: 0, count: 1 },
  });
  const mistake = plan.mistakes[0];
  if (!mistake) return null;
  return { mistake, fixable: seededUnit(options.seed, options.documentKey, 'model-fix') < skill };
}
