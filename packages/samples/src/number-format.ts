/** Digit grouping and decimal mark conventions. */
export type NumberStyle = 'en' | 'de' | 'fr' | 'ch';

const MARKS: Record<NumberStyle, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  de: { group: '.', decimal: ',' },
  fr: { group: ' ', decimal: ',' },
  ch: { group: "'", decimal: '.' },
};

/** Rounds half away from zero to `decimals` places. */
export function round(value: number, decimals = 2): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
}

/** Formats a number with grouping and a fixed number of decimals, e.g. `1.234,50` in `de` style. */
export function formatNumber(value: number, style: NumberStyle, decimals = 2): string {
  const { group, decimal } = MARKS[style];
  const [whole = '0', fraction] = Math.abs(value).toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
}

/** Formats a quantity with only the decimals it needs (`7.5`, `12`, `0,25`). */
export function formatQuantity(value: number, style: NumberStyle): string {
  const decimals = [0, 1].find((places) => round(value, places) === round(value, 2)) ?? 2;
  return formatNumber(value, style, decimals);
}

/** How a currency amount is written: symbol placement and number style. */
export interface MoneyStyle {
  readonly prefix: string;
  readonly suffix: string;
  readonly numbers: NumberStyle;
  readonly decimals: number;
}

/** Formats an amount of money, e.g. `$1,234.50`, `1.234,50 €`, `¥12,000`. */
export function formatMoney(value: number, style: MoneyStyle): string {
  return `${style.prefix}${formatNumber(value, style.numbers, style.decimals)}${style.suffix}`;
}
