import { z } from 'zod';
import { ScoreInputError } from './score-input-error';

/** A number option, clamped into [min, max] (a value of another type is refused). */
const clamped = (min: number, max: number, fallback: number) =>
  z
    .number()
    .default(fallback)
    .transform((value) => Math.min(Math.max(value, min), max));

const clampedInt = (min: number, max: number, fallback: number) =>
  clamped(min, max, fallback).transform((value) => Math.floor(value));

/**
 * Every option of `scoreExtraction`, with its default; numbers outside their range are clamped.
 *
 * - `absoluteTolerance` (default 0.005, half a cent) and `relativeTolerance` (default 1e-9): two numbers
 *   are equal when they differ by at most the larger of `absoluteTolerance` and
 *   `relativeTolerance` × the larger magnitude. The relative part only absorbs floating-point noise in
 *   very large numbers; set `absoluteTolerance: 0` to compare small quantities (rates, ratios) exactly.
 * - `maxDepth` (default 32): deepest nesting of objects and arrays accepted in either input.
 * - `maxArrayLength` (default 1,000): longest array accepted in either input.
 * - `maxWork` (default 50,000,000): most leaf and item comparisons one call may make; matching two arrays
 *   of n and m items compares every pair.
 */
export const ScoringOptions = z.object({
  absoluteTolerance: clamped(0, 1e9, 0.005),
  relativeTolerance: clamped(0, 1, 1e-9),
  maxDepth: clampedInt(1, 1000, 32),
  maxArrayLength: clampedInt(1, 1_000_000, 1000),
  maxWork: clampedInt(1, 1e10, 50_000_000),
});
export type ScoringOptions = z.infer<typeof ScoringOptions>;
/** What callers may pass: every option is optional. */
export type ScoringOptionsInput = z.input<typeof ScoringOptions>;

/** The defaults, in one place. */
export const defaultScoringOptions: ScoringOptions = ScoringOptions.parse({});

/**
 * Options with every default filled in and numbers clamped. Throws `ScoreInputError` (`bad-options`)
 * naming the option when one is not a finite number.
 */
export function scoringOptions(input: ScoringOptionsInput = {}): ScoringOptions {
  const parsed = ScoringOptions.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ScoreInputError({
    problem: 'bad-options',
    side: 'options',
    path: issue?.path.map(String).join('.') ?? '',
    detail: 'expected a finite number',
    cause: parsed.error,
  });
}
