import { compareEvalReports, type EvalFieldChange, type EvalReport } from '@quarry/eval';
import { costLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { html, type SafeHtml } from '../html';
import { deltaLabel, evalHref, f1Bar, percentLabel, ratioLabel, runSettings } from './eval-figures';
import { layout } from './layout';

/** A change of F1 drawn as changed: visible at three decimals. */
const CHANGED = 0.0005;

/** How a field's F1 moved from A to B, as the page marks it. */
type Mark = 'drop' | 'rise' | 'changed' | 'same' | 'only-a' | 'only-b';

function markOf(change: EvalFieldChange, maxDrop: number): Mark {
  switch (change.type) {
    case 'baseline-only':
      return 'only-a';
    case 'current-only':
      return 'only-b';
    case 'both':
      // As the gate decides: a fall of exactly maxDrop passes.
      if (-change.delta > maxDrop + 1e-9) return 'drop';
      if (change.delta > maxDrop + 1e-9) return 'rise';
      return Math.abs(change.delta) >= CHANGED ? 'changed' : 'same';
  }
}

const MARK_TEXT: Record<Mark, string> = {
  drop: 'drop',
  rise: 'rise',
  changed: 'changed',
  same: '',
  'only-a': 'only in A',
  'only-b': 'only in B',
};
const MARK_ORDER: Record<Mark, number> = { drop: 0, changed: 1, rise: 2, 'only-a': 3, 'only-b': 3, same: 4 };

function fieldRow(change: EvalFieldChange, mark: Mark): SafeHtml {
  const a = change.type === 'current-only' ? null : change.baseline;
  const b = change.type === 'baseline-only' ? null : change.current;
  return html`<tr class="mark-${mark}">
  <td><code>${change.field}</code></td>
  <td>${a === null ? html`<span class="muted">not scored</span>` : f1Bar({ f1: a, label: `A, field ${change.field}` })}</td>
  <td>${b === null ? html`<span class="muted">not scored</span>` : f1Bar({ f1: b, label: `B, field ${change.field}` })}</td>
  <td class="delta">${change.type === 'both' ? deltaLabel(change.delta) : ''}</td>
  <td>${MARK_TEXT[mark] === '' ? '' : html`<strong>${MARK_TEXT[mark]}</strong>`}</td>
</tr>`;
}

function runColumn(report: EvalReport): SafeHtml {
  const { summary } = report;
  return html`<td><a href="${evalHref.run(report.run.runId)}"><code>${report.run.runId}</code></a><br>${runSettings(report)}<br>
<span class="muted">${summary.run} item(s) run · ${summary.completed} completed, ${summary.deadLettered} dead-lettered, ${summary.failed} failed · first-attempt validity ${percentLabel(summary.firstAttemptValidShare)} · ${costLabel(summary.costUsd)} (${costLabel(summary.costPerItemUsd)} per item)</span></td>`;
}

/**
 * Two runs side by side: A (the baseline) and B, what they ran, the overall F1 (and DocuBench) of each
 * and the change, then every field's F1 in each with the change, worst change first: a fall beyond
 * the gate's 0.02 marked as a drop, a rise beyond it as a rise, smaller changes as changed, fields of
 * one run only named as such. The verdict is the one `quarry eval run --baseline` gives.
 */
export function evalComparePage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly a: EvalReport;
  readonly b: EvalReport;
}): SafeHtml {
  const comparison = compareEvalReports({ baseline: options.a, current: options.b });
  const { maxDrop, overall, docubench } = comparison;
  const drops = comparison.verdict.type === 'fail' ? comparison.verdict.drops : [];
  const marked = comparison.fields.map((change) => ({ change, mark: markOf(change, maxDrop) }));
  const deltaOf = (change: EvalFieldChange) => (change.type === 'both' ? change.delta : 0);
  marked.sort((x, y) => MARK_ORDER[x.mark] - MARK_ORDER[y.mark] || deltaOf(x.change) - deltaOf(y.change));
  const figure = (name: string, change: { baseline: number; current: number; delta: number }) => {
    const mark = markOf({ type: 'both', field: name, ...change }, maxDrop);
    return html`<tr class="mark-${mark}"><th>${name}</th><td>${f1Bar({ f1: change.baseline, label: `A, ${name}` })}</td><td>${f1Bar({ f1: change.current, label: `B, ${name}` })}</td><td class="delta">${deltaLabel(change.delta)}</td><td>${MARK_TEXT[mark] === '' ? '' : html`<strong>${MARK_TEXT[mark]}</strong>`}</td></tr>`;
  };
  return layout({
    title: 'Compare evaluation runs',
    principal: options.principal,
    csrf: options.csrf,
    body: html`<table><thead><tr><th></th><th>A (baseline)</th><th>B</th></tr></thead>
<tbody><tr><th>Run</th>${runColumn(options.a)}${runColumn(options.b)}</tr></tbody></table>
${comparison.differs.length > 0 ? html`<p>The runs differ in: ${comparison.differs.join(', ')}.</p>` : html`<p class="muted">Same set, workflow version, model, lane, lessons, scoring and items run.</p>`}
${
  drops.length === 0
    ? html`<p class="notice" role="status">No figure of B fell by more than ${ratioLabel(maxDrop)} from A: the gate of <code>quarry eval run --baseline</code> passes.</p>`
    : html`<p class="error" role="alert"><strong>${drops.length} figure(s) of B fell by more than ${ratioLabel(maxDrop)} from A</strong>: the gate of <code>quarry eval run --baseline</code> fails (exit code 3).</p>`
}
<h2>Overall</h2>
<table class="compare"><thead><tr><th></th><th>A</th><th>B</th><th>Change</th><th></th></tr></thead>
<tbody>${figure('F1', overall)}${docubench ? figure('DocuBench', docubench) : ''}</tbody></table>
<h2>F1 per field, largest drop first</h2>
${
  marked.length === 0
    ? html`<p class="empty">Neither run scored a field.</p>`
    : html`<table class="compare"><thead><tr><th>Field</th><th>A</th><th>B</th><th>Change</th><th></th></tr></thead>
<tbody>${marked.map(({ change, mark }) => fieldRow(change, mark))}</tbody></table>`
}`,
  });
}
