import type { EvalItemResult, EvalReport, FieldScore } from '@quarry/eval';
import type { EvalRunListing } from '@quarry/queue';
import { ageLabel, costLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { html, type SafeHtml } from '../html';
import {
  evalHref,
  f1Bar,
  isWrong,
  outcomeLabel,
  percentLabel,
  ratioLabel,
  runSettings,
} from './eval-figures';
import { layout } from './layout';

/** Rows shown at most: fields, and wrong items. */
const MAX_FIELDS = 500;
const MAX_WRONG_ITEMS = 500;

const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function scoresSection(report: EvalReport): SafeHtml {
  const { overall, docubench } = report.summary;
  return html`<h2>Scores</h2>
<dl class="facts">
  <dt>Overall F1</dt><dd>${f1Bar({ f1: overall.f1, label: 'overall', width: 240 })}</dd>
  <dt>Precision</dt><dd>${ratioLabel(overall.precision)}</dd>
  <dt>Recall</dt><dd>${ratioLabel(overall.recall)}</dd>
  <dt>Leaves</dt><dd>${overall.truePositives} correct, ${overall.falsePositives} false positive(s), ${overall.falseNegatives} false negative(s)</dd>
  ${docubench === null ? '' : html`<dt>DocuBench</dt><dd>${ratioLabel(docubench)}</dd>`}
</dl>`;
}

function countsSection(report: EvalReport): SafeHtml {
  const { summary } = report;
  return html`<h2>Outcomes and cost</h2>
<dl class="facts">
  <dt>Items</dt><dd>${summary.items} given, ${summary.run} run${summary.notRun > 0 ? html`, <span class="error">${summary.notRun} not run (the run was stopped)</span>` : ''}</dd>
  <dt>Completed</dt><dd>${summary.completed} (${summary.needsReview} flagged for review)</dd>
  <dt>Dead-lettered</dt><dd>${summary.deadLettered}</dd>
  <dt>Failed</dt><dd>${summary.failed} <span class="muted">(no outcome: not enqueued, or no result in time)</span></dd>
  <dt>First-attempt validity</dt><dd>${percentLabel(summary.firstAttemptValidShare)} <span class="muted">of the completed items</span></dd>
  <dt>Model calls per item</dt><dd>${summary.meanModelCalls === null ? '?' : summary.meanModelCalls.toFixed(2)}</dd>
  <dt>Cost</dt><dd>${costLabel(summary.costUsd)} in all, ${costLabel(summary.costPerItemUsd)} per item, ${costLabel(summary.costPerCorrectFieldUsd)} per correct field</dd>
  <dt>Tokens</dt><dd>${summary.tokens.input} in / ${summary.tokens.output} out (${summary.tokens.cacheRead} cache reads, ${summary.tokens.cacheWrite} cache writes)</dd>
</dl>`;
}

function fieldsSection(fields: readonly FieldScore[]): SafeHtml {
  if (fields.length === 0) return html`<h2>F1 per field</h2><p class="empty">No field was scored.</p>`;
  const worstFirst = [...fields].sort((a, b) => a.f1 - b.f1 || byCode(a.field, b.field));
  const rows = worstFirst.slice(0, MAX_FIELDS).map(
    (field) => html`<tr>
  <td><code>${field.field}</code></td><td>${f1Bar({ f1: field.f1, label: `field ${field.field}`, width: 240 })}</td>
  <td>${ratioLabel(field.precision)}</td><td>${ratioLabel(field.recall)}</td>
  <td>${field.truePositives}</td><td>${field.falsePositives}</td><td>${field.falseNegatives}</td>
</tr>`,
  );
  return html`<h2>F1 per field, worst first</h2>
<table class="fields"><thead><tr><th>Field</th><th>F1</th><th>Precision</th><th>Recall</th><th>Correct</th><th>False positives</th><th>False negatives</th></tr></thead><tbody>${rows}</tbody></table>
${fields.length > MAX_FIELDS ? html`<p class="muted">The worst ${MAX_FIELDS} of ${fields.length} fields are shown.</p>` : ''}`;
}

function differencesLabel(item: EvalItemResult): string {
  const count = (kind: string) => item.differences.filter((difference) => difference.kind === kind).length;
  const parts = [
    [count('different'), 'different'],
    [count('missing'), 'missing'],
    [count('unexpected'), 'unexpected'],
  ].filter(([n]) => Number(n) > 0);
  const text = parts.map(([n, kind]) => `${n} ${kind}`).join(', ');
  const more = item.differencesOmitted > 0 ? ` and ${item.differencesOmitted} more` : '';
  return text === '' ? 'none' : `${text}${more}`;
}

function wrongSection(runId: string, items: readonly EvalItemResult[]): SafeHtml {
  const wrong = items.filter(isWrong);
  if (wrong.length === 0)
    return html`<h2>Wrong items</h2><p class="empty">Every item run came out as expected.</p>`;
  const rows = wrong.slice(0, MAX_WRONG_ITEMS).map((item) => {
    const fields = [...new Set(item.differences.map((difference) => difference.field))];
    return html`<tr>
  <td><a href="${evalHref.item(runId, item.id)}"><code>${item.id}</code></a></td>
  <td>${outcomeLabel(item)}${item.unscorable ? html`<br><span class="error">output not scorable (${item.unscorable})</span>` : ''}</td>
  <td>${ratioLabel(item.score.f1)}</td>
  <td>${differencesLabel(item)}</td>
  <td>${fields.slice(0, 5).map((field, i) => html`${i > 0 ? ', ' : ''}<code>${field}</code>`)}${fields.length > 5 ? '…' : ''}</td>
</tr>`;
  });
  return html`<h2>Wrong items <span class="muted">(${wrong.length} of ${items.length})</span></h2>
<table><thead><tr><th>Item</th><th>Outcome</th><th>F1</th><th>Differences</th><th>Fields</th></tr></thead><tbody>${rows}</tbody></table>
${wrong.length > MAX_WRONG_ITEMS ? html`<p class="muted">The first ${MAX_WRONG_ITEMS} are shown.</p>` : ''}`;
}

/**
 * One evaluation run: what it ran (set, workflow, model, lane, lessons, scoring) and when; overall
 * P/R/F1; counts of completed, flagged, dead-lettered and failed items; first-attempt validity; cost in
 * all, per item and per correct field; F1 per field as bars, worst first; the wrong items (with a
 * difference, dead-lettered, failed or not scorable), each linking to its item page.
 */
export function evalRunPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly listing: EvalRunListing;
  readonly report: EvalReport;
  readonly now: number;
}): SafeHtml {
  const { listing, report } = options;
  const { run } = report;
  return layout({
    title: `Evaluation run ${listing.runId}`,
    principal: options.principal,
    csrf: options.csrf,
    body: html`<p>${runSettings(report)}</p>
<p class="muted">Ran from ${run.startedAt} to ${run.endedAt} (${Math.round(run.wallMs / 1000)} s, ${run.concurrency} at once), stored ${ageLabel(listing.storedAt, options.now)} ago. <a href="/evals">All runs</a> · compare it with another from there.</p>
${run.aborted ? html`<p class="error" role="alert">The run was stopped before every item ran: its figures cover the items run.</p>` : ''}
${scoresSection(report)}
${countsSection(report)}
${fieldsSection(report.summary.fields)}
${wrongSection(listing.runId, report.items)}`,
  });
}
