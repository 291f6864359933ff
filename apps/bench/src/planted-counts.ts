import type { ScoreCounts } from '@quarry/eval';
import { z } from 'zod';

const Count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * What the stand-in planted (`standin.planted.totals`, or one document's figures): leaves with a
 * value (`present`) and the planted `wrong`, `missing` and `invented` fields. Read from the stand-in
 * over HTTP, so checked: whole counts, and no more wrong or missing fields than present ones.
 */
export const PlantedFigures = z
  .object({ present: Count, wrong: Count, missing: Count, invented: Count })
  .refine((figures) => figures.wrong + figures.missing <= figures.present, {
    error: 'wrong + missing exceeds the present leaves',
  });
export type PlantedFigures = z.infer<typeof PlantedFigures>;

/**
 * The counts that scoring leaf by leaf gives answers carrying the planted mistakes (the stand-in's
 * README): TP = present − wrong − missing, FP = wrong + invented, FN = wrong + missing.
 */
export function plantedCounts(figures: PlantedFigures): ScoreCounts {
  return {
    truePositives: figures.present - figures.wrong - figures.missing,
    falsePositives: figures.wrong + figures.invented,
    falseNegatives: figures.wrong + figures.missing,
  };
}
