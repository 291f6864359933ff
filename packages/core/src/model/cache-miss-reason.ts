import { z } from 'zod';

/**
 * Why the prompt cache could not reuse the previous request's prefix (`diagnostics.cache_miss_reason.type`
 * of a response to a request that sent `diagnostics.previous_message_id`), as listed by the Messages API
 * (SDK 1.12.0 `CacheMissReason`; platform page "Cache diagnostics", generally available, checked
 * 2026-11-24), plus `other` for a value this build does not know, so metric labels stay bounded.
 */
export const CacheMissReason = z.enum([
  'model_changed',
  'system_changed',
  'tools_changed',
  'messages_changed',
  'previous_message_not_found',
  'unavailable',
  'other',
]);
export type CacheMissReason = z.infer<typeof CacheMissReason>;

/** A cache-miss reason read from outside: a known value as it is, another string as `other`, anything else as null. */
export function cacheMissReasonOf(value: unknown): CacheMissReason | null {
  if (typeof value !== 'string') return null;
  const known = CacheMissReason.safeParse(value);
  return known.success ? known.data : 'other';
}
