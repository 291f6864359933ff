/**
 * The one way the CLI prints an instant: ISO 8601 in UTC to the second (`2026-01-31T18:00:00Z`).
 * Takes an ISO string or epoch milliseconds; text that is no time is returned as it is (the
 * context neutralises it on the way out).
 */
export function cliTime(at: string | number): string {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return String(at);
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}
