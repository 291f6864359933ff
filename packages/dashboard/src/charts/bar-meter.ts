import { html, type SafeHtml } from '../html';
import { chartNumber, coordinate } from './chart-number';

/** Options of {@link barMeter}. */
export interface BarMeterOptions {
  /** The value, drawn against `max` (a share: 0…1 against 1). */
  readonly value: number;
  readonly max: number;
  readonly color: string;
  /** Read by screen readers. */
  readonly label: string;
  readonly width?: number;
}

/** One horizontal bar of `value` out of `max` as inline SVG (an empty track when the value is unknown). */
export function barMeter(options: BarMeterOptions): SafeHtml {
  const width = options.width ?? 160;
  const max = chartNumber(options.max);
  const share = max > 0 ? Math.min(1, chartNumber(options.value) / max) : 0;
  return html`<svg class="meter" viewBox="0 0 ${String(width)} 12" width="${String(width)}" height="12" role="img" aria-label="${options.label}"><rect width="${String(width)}" height="12" fill="#e2e5ea"/><rect width="${coordinate(share * width)}" height="12" fill="${options.color}"/></svg>`;
}
