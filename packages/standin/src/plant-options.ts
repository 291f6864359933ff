import { z } from 'zod';

const Share = z.number().min(0).max(1);

/**
 * Planted field mistakes: each corpus document is answered with its truth except for a seeded
 * choice of leaf fields, `round(rate × leaves)` of each kind, where `leaves` counts the truth's leaf
 * values (array items' leaves included, nulls included). `wrongRate`: values replaced by wrong ones
 * of the same type that fit the schema; `missingRate`: values left out (null where the schema allows
 * null, else the key omitted where it is optional; a required, non-null field is made wrong
 * instead); `inventedRate`: values made up for fields whose truth is null, blank or absent (with a
 * made-up quote when evidence is asked). Feedback never changes them. `seed` defaults to the
 * simulation's seed.
 */
export const PlantOptions = z
  .strictObject({
    wrongRate: Share.default(0),
    missingRate: Share.default(0),
    inventedRate: Share.default(0),
    seed: z.number().int().optional(),
  })
  .refine(
    (plant) => plant.wrongRate + plant.missingRate <= 1,
    'wrongRate and missingRate add up to more than 1 (both take from the same leaves)',
  );
export type PlantOptions = z.input<typeof PlantOptions>;
