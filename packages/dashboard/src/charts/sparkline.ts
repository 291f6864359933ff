import { html, type SafeHtml } from '../html';
import { chartNumber, coordinate } from './chart-number';

/** Options of {@link sparkline}. */
export interface SparklineOptions {
  readonly values: readonly number[];
  /** Read by screen readers. */
  readonly label: string;
  readonly width?: number;
  readonly height?: number;
}

/** A small line of counts over time as inline SVG, scaled to its own largest value. */
export function sparkline(options: SparklineOptions): SafeHtml {
  const width = options.width ?? 160;
  const height = options.height ?? 28;
  const values = options.values.length > 0 ? options.values.map(chartNumber) : [0];
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? (width - 2) / (values.length - 1) : 0;
  const points = values
    .map((value, i) => `${coordinate(1 + i * step)},${coordinate(height - 2 - (value / max) * (height - 4))}`)
    .join(' ');
  return html`<svg class="sparkline" viewBox="0 0 ${String(width)} ${String(height)}" width="${String(width)}" height="${String(height)}" role="img" aria-label="${options.label}"><polyline points="${points}" fill="none" stroke="#a0121d" stroke-width="1.5"/></svg>`;
}
