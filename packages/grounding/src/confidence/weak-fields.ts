import { normalizePath } from '@quarry/core';
import type { GroundingPlan } from '../plan/grounding-plan';
import type { FieldConfidence } from './field-confidence';

export interface WeakFieldsOptions {
  readonly plan: GroundingPlan;
  readonly confidences: readonly FieldConfidence[];
}

/**
 * Review reasons naming each field whose confidence is below its `reviewBelow` (fields without
 * one are never weak), with what lowered it.
 */
export function weakFields(options: WeakFieldsOptions): string[] {
  const thresholds = new Map(options.plan.fields.map((field) => [field.pattern, field.reviewBelow]));
  const reasons: string[] = [];
  for (const field of options.confidences) {
    const threshold = thresholds.get(normalizePath(field.path));
    if (threshold === undefined || field.confidence >= threshold) continue;
    reasons.push(
      `grounding: ${field.path}: confidence ${field.confidence} is below ${threshold} (${why(field)})`,
    );
  }
  return reasons;
}

function why(field: FieldConfidence): string {
  const parts = [field.match === 'none' ? 'not grounded' : `${field.match} match`];
  if (field.failures > 0)
    parts.push(`failed grounding in ${field.failures} earlier attempt${field.failures === 1 ? '' : 's'}`);
  if (field.agreement < 1) parts.push(`${Math.round(field.agreement * 100)} % of attempts agree`);
  return parts.join(', ');
}
