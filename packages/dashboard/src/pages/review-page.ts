import type { ReviewEntry, UnreadableReviewEntry } from '@quarry/queue';
import { ageLabel, costLabel, workflowLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import type { GroundedFieldView } from '../grounding/grounded-field-view';
import { html, type SafeHtml } from '../html';
import { layout } from './layout';

/** Longest value shown for a weak field. */
const VALUE_CHARS = 80;

/** A review entry and its weak fields. */
export interface ReviewRow {
  readonly entry: ReviewEntry;
  readonly weak: readonly GroundedFieldView[];
}

function weakList(fields: readonly GroundedFieldView[]): SafeHtml | string {
  if (fields.length === 0) return html`<span class="muted">none</span>`;
  return html`<ul>${fields.map(
    (field) =>
      html`<li><code>${field.path}</code> ${field.value.length > VALUE_CHARS ? `${field.value.slice(0, VALUE_CHARS)}…` : field.value} <span class="muted">(${field.status === 'grounded' ? '' : 'failed grounding, '}confidence ${field.confidence?.toFixed(2) ?? '?'})</span></li>`,
  )}</ul>`;
}

/** Completed jobs flagged for review, oldest first, each with its weak fields and reasons; job ids link to the job page. */
export function reviewPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly rows: readonly ReviewRow[];
  readonly count: number;
  readonly unreadable: readonly UnreadableReviewEntry[];
  readonly now: number;
}): SafeHtml {
  const { rows, now } = options;
  const body = rows.map(
    ({ entry, weak }) => html`<tr>
  <td><a href="/jobs/${encodeURIComponent(entry.jobId)}"><code>${entry.jobId}</code></a></td>
  <td>${workflowLabel(entry.workflow, entry.version)}</td>
  <td title="${entry.flaggedAt}">${ageLabel(entry.flaggedAt, now)}</td>
  <td>${entry.attempts}</td><td>${costLabel(entry.costUsd)}</td>
  <td>${weakList(weak)}</td>
  <td><ul>${entry.reasons.map((reason) => html`<li>${reason}</li>`)}</ul></td>
</tr>`,
  );
  return layout({
    title: 'Review',
    principal: options.principal,
    csrf: options.csrf,
    body: html`<p>${options.count} job(s) waiting for review${rows.length < options.count ? `, the oldest ${rows.length} shown` : ''}. Acknowledge one with <code>quarry review ack &lt;jobId&gt;</code>.</p>
${options.unreadable.map((entry) => html`<p class="error">The review entry of job <code>${entry.jobId}</code> is unreadable (${entry.problem}).</p>`)}
<table><thead><tr><th>Job</th><th>Workflow</th><th>Flagged</th><th>Attempts</th><th>Cost</th><th>Weak fields</th><th>Reasons</th></tr></thead><tbody>${body}</tbody></table>`,
  });
}
