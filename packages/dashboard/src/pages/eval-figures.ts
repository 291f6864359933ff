import type { EvalItemResult, EvalReport } from '@quarry/eval';
import { barMeter } from '../charts/bar-meter';
import { html, type SafeHtml } from '../html';

/** The colour of an F1 bar. */
const F1_COLOR = '#2f7d4f';

/** A ratio (P, R, F1) to three decimals, or `?` when unknown. */
export const ratioLabel = (value: number | null): string => (value === null ? '?' : value.toFixed(3));

/** A share as a whole percentage, or `?` when unknown. */
export const percentLabel = (share: number | null): string =>
  share === null ? '?' : `${Math.round(share * 100)}%`;

/** A change of F1 with its sign, to three decimals (`+0.031`, `-0.045`, `0.000`). */
export function deltaLabel(delta: number): string {
  const text = Math.abs(delta).toFixed(3);
  if (text === '0.000') return text;
  return `${delta > 0 ? '+' : '-'}${text}`;
}

/** An F1 as a horizontal bar and its figure; `label` names it for screen readers. */
export function f1Bar(options: {
  readonly f1: number | null;
  readonly label: string;
  readonly width?: number;
}) {
  return html`${barMeter({ value: options.f1 ?? 0, max: 1, color: F1_COLOR, label: `${options.label}: F1 ${ratioLabel(options.f1)}`, ...(options.width ? { width: options.width } : {}) })} ${ratioLabel(options.f1)}`;
}

/** The URL of a run's page, of one of its items' pages, or of a comparison. */
export const evalHref = {
  run: (runId: string) => `/evals/${encodeURIComponent(runId)}`,
  item: (runId: string, itemId: string) =>
    `/evals/${encodeURIComponent(runId)}/items/${encodeURIComponent(itemId)}`,
  compare: (a: string, b: string) => `/evals/compare?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`,
};

/** An item's outcome in words: completed (and whether it needs review), dead-lettered (why), failed. */
export function outcomeLabel(item: EvalItemResult): SafeHtml {
  const { outcome } = item;
  switch (outcome.kind) {
    case 'completed':
      return outcome.needsReview
        ? html`completed, <span class="reason">needs review</span>`
        : html`completed`;
    case 'dead_lettered':
      return html`<span class="state-dead">dead-lettered</span> (${outcome.reason.kind})`;
    case 'failed':
      return html`<span class="state-dead">failed</span>`;
  }
}

/** Whether an item went wrong: a difference, no output (dead-lettered, failed) or an output scoring refused. */
export const isWrong = (item: EvalItemResult): boolean =>
  item.differences.length > 0 ||
  item.differencesOmitted > 0 ||
  item.outcome.kind !== 'completed' ||
  item.unscorable !== null;

/** What a run is of, in one line: set, workflow@version, model, lane, lessons, scoring. */
export function runSettings(report: EvalReport): string {
  const { run } = report;
  return [
    `set ${run.set}`,
    `${run.workflow.name}@v${run.workflow.version}`,
    run.model === null ? "the workflow's models" : `model ${run.model}`,
    run.lane === null ? "the workflow's lane" : `lane ${run.lane}`,
    `lessons ${run.lessons ? 'on' : 'off'}`,
    `scoring ${run.scoring}`,
  ].join(' · ');
}
