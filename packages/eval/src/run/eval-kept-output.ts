import { JsonValue } from '@quarry/core';
import { z } from 'zod';

/** How much of the items' outputs a report keeps, in one place. */
export const keptOutputLimits = {
  /** Largest output kept of one item: 64 KiB of JSON (UTF-8). */
  itemBytes: 64 * 1024,
  /** Largest sum of the outputs one report keeps, in item order: 4 MiB (a stored run holds at most 16 MiB). */
  reportBytes: 4 * 1024 * 1024,
} as const;

/**
 * A completed item's output as its report keeps it (`extracted` of `EvalItemResult`): `kept`, the data
 * as the item's job gave it and the size of its JSON; or `dropped` and why: over the item's limit,
 * over what the report keeps in all (`keptOutputLimits`), or no JSON value (scored as empty).
 */
export const EvalKeptOutput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('kept'), data: JsonValue, bytes: z.int().min(0) }),
  z.object({
    type: z.literal('dropped'),
    reason: z.enum(['item-limit', 'report-limit', 'not-json']),
    /** The size of its JSON; null when it is no JSON value. */
    bytes: z.int().min(0).nullable(),
  }),
]);
export type EvalKeptOutput = z.infer<typeof EvalKeptOutput>;

/** One output as kept within the item limit (the report's limit is applied by {@link keepWithinReport}). */
export function keptOutput(data: unknown): EvalKeptOutput {
  if (!JsonValue.safeParse(data).success) return { type: 'dropped', reason: 'not-json', bytes: null };
  const bytes = Buffer.byteLength(JSON.stringify(data));
  return bytes > keptOutputLimits.itemBytes
    ? { type: 'dropped', reason: 'item-limit', bytes }
    : { type: 'kept', data, bytes };
}

/**
 * What a report keeps of its items' outputs in all: each call passes an item on with its output kept
 * while the sum kept stays within `keptOutputLimits.reportBytes`, or dropped (`report-limit`) when it
 * would take the sum over (a smaller one after it may still be kept). Applied as items finish, so a
 * run holds at most that much output in memory.
 */
export function reportOutputBudget(): <Item extends { readonly extracted?: EvalKeptOutput | null }>(
  item: Item,
) => Item {
  let sum = 0;
  return (item) => {
    const { extracted } = item;
    if (extracted?.type !== 'kept') return item;
    if (sum + extracted.bytes <= keptOutputLimits.reportBytes) {
      sum += extracted.bytes;
      return item;
    }
    return { ...item, extracted: { type: 'dropped', reason: 'report-limit', bytes: extracted.bytes } };
  };
}
