import type { AttemptRecord } from '@quarry/core';
import { type GroundedFieldView, valueText } from './grounded-field-view';

function parsedValue(json: string): string {
  try {
    return valueText(JSON.parse(json));
  } catch {
    return json;
  }
}

/**
 * The grounded fields of one attempt, from its outcomes (schema order) with the provenance of
 * each quote found; quotes without an outcome follow. Failed and ambiguous values are weak.
 */
export function attemptFieldViews(
  attempt: Pick<AttemptRecord, 'provenance' | 'groundingFields'>,
): GroundedFieldView[] {
  const provenance = attempt.provenance ?? {};
  const outcomes = attempt.groundingFields ?? [];
  const seen = new Set(outcomes.map((outcome) => outcome.path));
  const views: GroundedFieldView[] = outcomes.map((outcome) => {
    const entry = provenance[outcome.path];
    return {
      path: outcome.path,
      value: parsedValue(outcome.value),
      status: outcome.status,
      ...(entry ? { provenance: entry } : {}),
      weak: outcome.status !== 'grounded',
    };
  });
  for (const [path, entry] of Object.entries(provenance)) {
    if (!seen.has(path)) views.push({ path, value: '', status: 'grounded', provenance: entry, weak: false });
  }
  return views;
}
