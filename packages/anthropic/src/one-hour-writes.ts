/**
 * The 1-hour part of a reply's cache writes, from its `cache_creation` split: a whole number, at
 * most `writes` (every cache write). Undefined when the split is absent or not a whole number, so
 * nonsense is left out rather than trusted.
 */
export function oneHourWrites(
  cacheCreation: { readonly ephemeral_1h_input_tokens?: unknown } | null | undefined,
  writes: number,
): number | undefined {
  const oneHour = cacheCreation?.ephemeral_1h_input_tokens;
  return typeof oneHour === 'number' && Number.isSafeInteger(oneHour) && oneHour >= 0
    ? Math.min(oneHour, writes)
    : undefined;
}
