import { DlqReasonLabel, dlqReasonLabel } from '@quarry/queue';
import type { DlqSummary } from '@quarry/triage';
import { ageLabel, costLabel, workflowLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { html, type SafeHtml } from '../html';
import { layout } from './layout';
import { replayForm, type SelectorFields } from './replay-form';

/** Rows the list shows at most (replaying "all matching" still covers every match). */
export const LIST_ROWS = 200;

/** The DLQ list: filters, one row per record with its reason at a glance, replay buttons for admins. */
export function dlqListPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly filters: SelectorFields;
  readonly entries: readonly DlqSummary[];
  readonly now: number;
  readonly error?: readonly string[];
}): SafeHtml {
  const { filters, principal, csrf, now } = options;
  const admin = principal.role === 'admin';
  const field = (name: string, label: string, size = 12) =>
    html`<label>${label} <input name="${name}" value="${filters[name] ?? ''}" size="${size}"></label>`;
  const shown = options.entries.slice(0, LIST_ROWS);
  const rows = shown.map(
    (entry) => html`<tr>
  <td><a href="/dlq/${encodeURIComponent(entry.dlqId)}"><code>${entry.dlqId}</code></a></td>
  <td>${workflowLabel(entry.workflow, entry.version)}</td>
  <td><span class="reason">${dlqReasonLabel(entry.reason)}</span><br><span class="muted">${entry.reason.message}</span></td>
  <td><a href="/dlq?fingerprint=${encodeURIComponent(entry.fingerprint)}"><code>${entry.fingerprint}</code></a>${
    entry.topIssue ? html`<br><code class="muted">${entry.topIssue}</code>` : ''
  }</td>
  <td>${entry.attempts}</td>
  <td>${costLabel(entry.totals.costUsd)}</td>
  <td title="${entry.deadLetteredAt}">${ageLabel(entry.deadLetteredAt, now)}</td>
  <td class="state-${entry.state}">${entry.state}${entry.lineage.redriveCount > 0 ? ` (redrive ${entry.lineage.redriveCount})` : ''}</td>
  ${admin ? html`<td>${entry.state === 'dead' ? replayForm({ selection: { ids: entry.dlqId }, csrf, label: 'Replay' }) : ''}</td>` : ''}
</tr>`,
  );
  const anyFilter = Object.values(filters).some((value) => value !== undefined && value !== '');
  return layout({
    title: 'Dead letters',
    principal,
    csrf,
    body: html`<form method="get" action="/dlq" class="filters">
  ${field('workflow', 'Workflow')}${field('version', 'Version', 4)}
  <label>Reason <select name="reason"><option value="">any</option>${DlqReasonLabel.options.map(
    (label) =>
      html`<option value="${label}"${filters.reason === label ? html` selected` : ''}>${label}</option>`,
  )}</select></label>
  ${field('fingerprint', 'Fingerprint', 18)}${field('since', 'Since', 10)}${field('until', 'Until', 10)}${field('limit', 'Limit', 5)}
  <button type="submit">Filter</button>
</form>
${options.error ? html`<ul class="error" role="alert">${options.error.map((problem) => html`<li>${problem}</li>`)}</ul>` : ''}
<p>${options.entries.length} record(s)${anyFilter ? ' match' : ''}.${
      shown.length < options.entries.length
        ? ` Showing the newest ${shown.length}; narrow the filter to see others.`
        : ''
    }</p>
${
  admin && options.entries.length > 0
    ? replayForm({
        selection: anyFilter ? filters : { ...filters, all: '1' },
        csrf,
        label: `Replay ${anyFilter ? 'all matching' : 'all'} (${options.entries.length} now)`,
        overrides: true,
      })
    : ''
}
<table>
<thead><tr><th>DLQ id</th><th>Workflow</th><th>Reason</th><th>Fingerprint</th><th>Attempts</th><th>Cost</th><th>Age</th><th>State</th>${admin ? html`<th></th>` : ''}</tr></thead>
<tbody>${rows}</tbody>
</table>`,
  });
}
