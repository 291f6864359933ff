/** A count or amount as a chart draws it: finite and not negative (anything else is 0). */
export function chartNumber(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/** A coordinate rounded to one decimal, as SVG attributes carry it. */
export const coordinate = (value: number): string => String(Math.round(value * 10) / 10);
