/** Largest token count believed from a response (far above any context window). */
const MAX_TOKENS = 1_000_000_000;

/** A token count read from a response: a non-negative integer at most 10⁹; anything else counts as 0. */
export function tokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? Math.min(value, MAX_TOKENS) : 0;
}
