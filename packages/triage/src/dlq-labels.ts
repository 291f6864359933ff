/** How long ago `iso` was, relative to `now`, in its largest whole unit: "42s", "3m", "2h", "4d". */
export function ageLabel(iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}

/** A cost in dollars to four decimals, e.g. "$0.0123", or "?" when unknown. */
export function costLabel(usd: number | null): string {
  return usd === null ? '?' : `$${usd.toFixed(4)}`;
}

/** `workflow@vN`: `(none)` for an empty workflow name, `@v?` when the version is unknown. */
export function workflowLabel(workflow: string, version: number | null | undefined): string {
  return `${workflow || '(none)'}@v${version ?? '?'}`;
}
