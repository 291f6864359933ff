import { normalizePath, type WeakField } from '@quarry/core';
import type { GroundingPlan } from '../plan/grounding-plan';
import type { FieldConfidence } from './field-confidence';

/** Options of {@link weakFields}. */
export interface WeakFieldsOptions {
  readonly plan: GroundingPlan;
  readonly confidences: readonly FieldConfidence[];
}

/**
 * The fields a person should look at, with what lowered each: those whose confidence is below their
 * `reviewBelow`, and those whose accepted value failed grounding (possible with `check`; `reviewBelow`
 * null when the field has none). Fields without a threshold that passed are never weak.
 */
export function weakFields(options: WeakFieldsOptions): WeakField[] {
  const thresholds = new Map(options.plan.fields.map((field) => [field.pattern, field.reviewBelow]));
  const weak: WeakField[] = [];
  for (const field of options.confidences) {
    const threshold = thresholds.get(normalizePath(field.path)) ?? null;
    const below = threshold !== null && field.confidence < threshold;
    if (!below && !field.failed) continue;
    weak.push({ path: field.path, confidence: field.confidence, reviewBelow: threshold, reason: why(field) });
  }
  return weak;
}

/**
 * The review reason of a field below its `reviewBelow`, or null for a weak field without one (a
 * failed `check` field, which already has the check's own reason).
 */
export function weakFieldReason(field: WeakField): string | null {
  if (field.reviewBelow === null || field.confidence >= field.reviewBelow) return null;
  return `grounding: ${field.path}: confidence ${field.confidence} is below ${field.reviewBelow} (${field.reason})`;
}

function why(field: FieldConfidence): string {
  const parts = [field.failed ? 'failed grounding' : `${field.match} match`];
  if (field.failures > 0)
    parts.push(`failed grounding in ${field.failures} earlier attempt${field.failures === 1 ? '' : 's'}`);
  if (field.agreement < 1) parts.push(`${Math.round(field.agreement * 100)} % of attempts agree`);
  return parts.join(', ');
}
