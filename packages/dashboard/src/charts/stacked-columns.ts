import { html, type SafeHtml } from '../html';
import { chartNumber, coordinate } from './chart-number';

/** One stacked series: a name for the legend, a fill colour, one value per column. */
interface ColumnSeries {
  readonly name: string;
  /** A fill colour such as `#2f7d4f` (the page's own constants, never text from outside). */
  readonly color: string;
  readonly values: readonly number[];
}

/** Options of {@link stackedColumns}. */
export interface StackedColumnsOptions {
  /** Read by screen readers, and shown as the SVG's tooltip. */
  readonly label: string;
  readonly series: readonly ColumnSeries[];
  /** Text under the first and the last column (e.g. `60 min ago`, `now`). */
  readonly from: string;
  readonly to: string;
  readonly width?: number;
  readonly height?: number;
}

/**
 * Stacked columns drawn as inline SVG on the server, one column per bucket, with the tallest
 * column's total on the axis and a legend of the series with their totals.
 */
export function stackedColumns(options: StackedColumnsOptions): SafeHtml {
  const width = options.width ?? 640;
  const height = options.height ?? 160;
  const plot = { top: 8, bottom: height - 20, left: 32, right: width - 4 };
  const columns = Math.max(1, ...options.series.map((series) => series.values.length));
  const totals = Array.from({ length: columns }, (_, i) =>
    options.series.reduce((sum, series) => sum + chartNumber(series.values[i] ?? 0), 0),
  );
  const max = Math.max(1, ...totals);
  const step = (plot.right - plot.left) / columns;
  const scale = (plot.bottom - plot.top) / max;
  const rects: SafeHtml[] = [];
  for (let i = 0; i < columns; i += 1) {
    let y = plot.bottom;
    for (const series of options.series) {
      const h = chartNumber(series.values[i] ?? 0) * scale;
      if (h === 0) continue;
      y -= h;
      rects.push(
        html`<rect x="${coordinate(plot.left + i * step + step * 0.1)}" y="${coordinate(y)}" width="${coordinate(step * 0.8)}" height="${coordinate(h)}" fill="${series.color}"><title>${series.name}: ${String(series.values[i])}</title></rect>`,
      );
    }
  }
  const legend = options.series.map(
    (series) =>
      html`<span class="legend-item"><svg width="10" height="10" aria-hidden="true"><rect width="10" height="10" fill="${series.color}"/></svg> ${series.name} (${String(series.values.reduce((sum, value) => sum + chartNumber(value), 0))})</span>`,
  );
  return html`<figure class="chart"><svg viewBox="0 0 ${String(width)} ${String(height)}" width="${String(width)}" height="${String(height)}" role="img" aria-label="${options.label}">
<line x1="${coordinate(plot.left)}" y1="${coordinate(plot.bottom)}" x2="${coordinate(plot.right)}" y2="${coordinate(plot.bottom)}" stroke="#9aa3b0"/>
<text x="${coordinate(plot.left - 4)}" y="${coordinate(plot.top + 8)}" text-anchor="end" font-size="10" fill="#5d6675">${String(max)}</text>
<text x="${coordinate(plot.left - 4)}" y="${coordinate(plot.bottom)}" text-anchor="end" font-size="10" fill="#5d6675">0</text>
${rects}
<text x="${coordinate(plot.left)}" y="${coordinate(height - 4)}" font-size="10" fill="#5d6675">${options.from}</text>
<text x="${coordinate(plot.right)}" y="${coordinate(height - 4)}" text-anchor="end" font-size="10" fill="#5d6675">${options.to}</text>
</svg><figcaption>${legend}</figcaption></figure>`;
}
