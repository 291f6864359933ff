/** A ratio with three decimals (`0.912`); `-` for none. */
export const ratioText = (value: number | null): string => (value === null ? '-' : value.toFixed(3));

/** A change with its sign and three decimals (`+0.010`, `-0.032`); a change that rounds to 0 is `0.000`. */
export function deltaText(delta: number): string {
  const text = Math.abs(delta).toFixed(3);
  if (text === '0.000') return text;
  return `${delta > 0 ? '+' : '-'}${text}`;
}

/** A share as a percentage with one decimal (`91.3%`); `-` for none. */
export const percentText = (share: number | null): string =>
  share === null ? '-' : `${(share * 100).toFixed(1)}%`;

/** US dollars with four decimals (`$0.0123`); `-` for none. */
export const usdText = (value: number | null): string => (value === null ? '-' : `$${value.toFixed(4)}`);

/** A count with thousands separated (`120,000`). */
export const countText = (value: number): string => value.toLocaleString('en-US');

/** A duration: `850 ms`, `12.3 s`, `3m 12s`, `1h 02m`. */
export function durationText(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}
