import { z } from 'zod';
import { Effort } from './model-spec';

/**
 * Low effort first: the first attempt runs at `start`, and each failed attempt repeats one
 * `output_config.effort` level higher, up to the model's default effort (see `nextEffort`).
 */
export const EffortLadder = z.strictObject({ start: Effort });
export type EffortLadder = z.infer<typeof EffortLadder>;

/** How a workflow sets `output_config.effort`: one level for every attempt, or a ladder. */
export const EffortSetting = z.union([Effort, EffortLadder]);
export type EffortSetting = z.infer<typeof EffortSetting>;
