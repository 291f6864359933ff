import { z } from 'zod';

const unitMs = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const DURATION = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h|d|w))+$/;
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g;
const IsoInstant = z.union([z.iso.datetime({ offset: true, local: true }), z.iso.date()]);

/** What `parseTimeSelector` accepts, for messages and help texts. */
export const timeSelectorForm =
  'a duration ago such as 90s, 30m, 2h, 1d12h or 1w, or an ISO date such as 2025-06-01 or 2025-06-01T12:00:00Z';

/**
 * A duration in milliseconds written as `2h`, `30m`, `1d12h`, `500ms`, … (units ms, s, m, h, d, w),
 * or null when `text` is not one.
 */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  if (!DURATION.test(trimmed)) return null;
  let total = 0;
  for (const [, amount, unit] of trimmed.matchAll(PART))
    total += Number(amount) * unitMs[unit as keyof typeof unitMs];
  return total;
}

/**
 * The instant a `--since` / `--until` value names: a duration counts back from `now`
 * (`2h` = two hours ago), an ISO date or date-time is taken as written (a date alone is midnight UTC).
 * @returns null when the text is neither; the caller names the option in its error.
 */
export function parseTimeSelector(text: string, now: number): Date | null {
  const duration = parseDuration(text);
  if (duration !== null) return new Date(now - duration);
  const trimmed = text.trim();
  if (!IsoInstant.safeParse(trimmed).success) return null;
  const date = new Date(trimmed.length === 10 ? `${trimmed}T00:00:00Z` : trimmed);
  return Number.isNaN(date.getTime()) ? null : date;
}
