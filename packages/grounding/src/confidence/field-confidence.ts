import type { FieldOutcome } from '@quarry/core';

/** How much to trust one grounded value of the accepted attempt, and why. */
export interface FieldConfidence {
  /** Concrete path (`lines[0].sku`). */
  readonly path: string;
  /** 0–1, two decimals. */
  readonly confidence: number;
  readonly match: FieldOutcome['match'];
  /** Earlier attempts in which this field's grounding failed (quote not found or value mismatch). */
  readonly failures: number;
  /** Share of the attempts that gave this field a value giving the accepted value (0–1). */
  readonly agreement: number;
  /** The accepted value itself failed grounding (possible with `check`): its quote was not found or disagreed. */
  readonly failed: boolean;
}

/** Confidence of a grounded value by how it was matched. */
const MATCH_WEIGHT = { exact: 1, normalised: 0.9, none: 0 } as const;
/** Factor on a fuzzy match's similarity (≥ the fuzzy threshold, 0.85 by default). */
const FUZZY_WEIGHT = 0.8;
/** Factor for a value that agrees under only one reading of an ambiguous date or number. */
const AMBIGUOUS_WEIGHT = 0.7;
/** Factor per earlier attempt in which the field failed grounding. */
const RETRY_WEIGHT = 0.85;

/**
 * Field confidence from each attempt's grounding outcomes (`attempts[i]` is attempt i's
 * `checkGrounding(...).fields`; the last is the accepted attempt), for every value of the accepted
 * attempt that was checked:
 *
 *   confidence = match × 0.85^failures × (0.5 + 0.5 × agreement)
 *
 * where match is 1 (exact), 0.9 (normalised) or 0.8 × similarity (fuzzy), times 0.7 for an
 * ambiguous date or number, and 0 when the accepted value itself failed grounding; failures counts earlier
 * attempts whose quote for this path was not found or disagreed; agreement is the share of the
 * attempts with a value at this path that gave the accepted value. Values left unchecked get none.
 */
export function fieldConfidence(attempts: readonly (readonly FieldOutcome[])[]): FieldConfidence[] {
  const accepted = attempts.at(-1) ?? [];
  const earlier = attempts.slice(0, -1);
  return accepted
    .filter((outcome) => outcome.status !== 'unchecked')
    .map((outcome) => {
      const before = earlier.flatMap((fields) => fields.filter((field) => field.path === outcome.path));
      const failures = before.filter(
        (field) => field.status === 'not_found' || field.status === 'mismatch',
      ).length;
      const valued = [...before.filter((field) => field.status !== 'unchecked'), outcome];
      const agreement = valued.filter((field) => field.value === outcome.value).length / valued.length;
      const confidence = matchWeight(outcome) * RETRY_WEIGHT ** failures * (0.5 + 0.5 * agreement);
      return {
        path: outcome.path,
        confidence: Math.round(confidence * 100) / 100,
        match: outcome.match,
        failures,
        agreement: Math.round(agreement * 100) / 100,
        failed: outcome.status === 'not_found' || outcome.status === 'mismatch',
      };
    });
}

function matchWeight(outcome: FieldOutcome): number {
  if (outcome.status === 'not_found' || outcome.status === 'mismatch') return 0;
  const weight = outcome.match === 'fuzzy' ? FUZZY_WEIGHT * outcome.similarity : MATCH_WEIGHT[outcome.match];
  return outcome.status === 'ambiguous' ? weight * AMBIGUOUS_WEIGHT : weight;
}
