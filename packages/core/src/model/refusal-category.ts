import { z } from 'zod';

/**
 * The policy area a refusal names (`stop_details.category` of a response whose stop reason is
 * `refusal`), as listed by the Messages API (SDK 1.12.0 `RefusalStopDetails`, and the platform's
 * "Refusals and fallback" page, checked 2026-11-24), plus `other` for a value this build does not
 * know, so the set stays bounded wherever it becomes a label.
 */
export const RefusalCategory = z.enum([
  'cyber',
  'bio',
  'frontier_llm',
  'reasoning_extraction',
  'general_harms',
  'other',
]);
export type RefusalCategory = z.infer<typeof RefusalCategory>;

/**
 * A refusal category read from outside: a known value as it is, any other string as `other`,
 * null (the refusal named no category) or anything else as null.
 */
export function refusalCategoryOf(value: unknown): RefusalCategory | null {
  if (typeof value !== 'string') return null;
  const known = RefusalCategory.safeParse(value);
  return known.success ? known.data : 'other';
}
