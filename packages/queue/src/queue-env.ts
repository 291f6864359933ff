import { z } from 'zod';
import { isHashTagged } from './keys';

/** A queue name environment variable: no ":" (it would break the key layout). */
const queueNameVar = () =>
  z
    .string()
    .trim()
    .regex(/^[^:]+$/, { error: 'a queue name without ":"' });

/**
 * Zod schemas of the queue variables an app's environment schema shares with the others: `QUARRY_PREFIX`
 * (a key prefix containing a {hash tag}), `QUARRY_QUEUE` and `QUARRY_DLQ` (names without ":"). All
 * optional: an unset one takes `queueDefaults`. Each message names the expected form.
 */
export const queueEnv = {
  QUARRY_PREFIX: z
    .string()
    .trim()
    .refine(isHashTagged, { error: 'a key prefix containing a {hash tag}, e.g. {quarry}' })
    .optional(),
  QUARRY_QUEUE: queueNameVar().optional(),
  QUARRY_DLQ: queueNameVar().optional(),
};
