import { DlqReasonLabel, dlqReasonLabel } from '@quarry/queue';
import type { DlqSummary } from '@quarry/triage';
import { ageLabel, costLabel, workflowLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { html, type SafeHtml } from '../html';
import { layout } from './layout';
import { replayForm, type SelectorFields } from './replay-form';

/** Rows one page of the list shows at most (replaying "all matching" still covers every match). */
export const LIST_ROWS = 200;

/** Which page of the list is shown, and where the next one starts. */
export interface DlqListPaging {
  /** Rows the pages before this one showed. */
  readonly shown: number;
  /** The record this page continues after; absent on the first page. */
  readonly after?: string;
  /** The cursor of the next page, when there is one. */
  readonly next?: { readonly after: string; readonly shown: number };
}

/** `/dlq` with the filters given and these paging fields. */
function listHref(filters: SelectorFields, paging: Readonly<Record<string, string>> = {}): string {
  const given = Object.entries(filters).filter(
    (field): field is [string, string] => field[1] !== undefined && field[1] !== '',
  );
  const query = new URLSearchParams([...given, ...Object.entries(paging)]).toString();
  return query ? `/dlq?${query}` : '/dlq';
}

/**
 * The DLQ list, one page at a time: filters, the number of records matching, one row per record led by
 * its top issue (path and message, else the reason's message), links to older records, replay buttons for admins.
 */
export function dlqListPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly filters: SelectorFields;
  /** The records of this page, newest first. */
  readonly entries: readonly DlqSummary[];
  /** Records the filters match (on every page). */
  readonly count: number;
  readonly page: DlqListPaging;
  readonly now: number;
  readonly error?: readonly string[];
}): SafeHtml {
  const { filters, principal, csrf, now, count, page } = options;
  const admin = principal.role === 'admin';
  const field = (name: string, label: string, size = 12) =>
    html`<label>${label} <input name="${name}" value="${filters[name] ?? ''}" size="${size}"></label>`;
  const shown = options.entries.slice(0, LIST_ROWS);
  const first = page.shown + 1;
  const range =
    shown.length > 0 && (page.shown > 0 || shown.length < count)
      ? ` Showing ${first}–${page.shown + shown.length}, newest first.`
      : '';
  const links = [
    page.after === undefined ? '' : html`<a href="${listHref(filters)}">Newest</a>`,
    page.next
      ? html`<a rel="next" href="${listHref(filters, { after: page.next.after, shown: String(page.next.shown) })}">Older records</a>`
      : '',
  ];
  const rows = shown.map(
    (entry) => html`<tr>
  <td><a href="/dlq/${encodeURIComponent(entry.dlqId)}"><code>${entry.dlqId}</code></a></td>
  <td>${workflowLabel(entry.workflow, entry.version)}</td>
  <td><span class="headline">${entry.headline}</span><br><span class="reason muted">${dlqReasonLabel(entry.reason)}</span></td>
  <td><a href="/dlq?fingerprint=${encodeURIComponent(entry.fingerprint)}"><code>${entry.fingerprint}</code></a></td>
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
<p>${count} record(s)${anyFilter ? ' match' : ''}.${range}</p>
${
  admin && count > 0
    ? replayForm({
        selection: anyFilter ? filters : { ...filters, all: '1' },
        csrf,
        label: `Replay ${anyFilter ? 'all matching' : 'all'} (${count} now)`,
        overrides: true,
      })
    : ''
}
${
  shown.length === 0
    ? html`<p class="empty">${anyFilter ? 'No dead-letter record matches these filters.' : 'No dead letters: every job so far completed or is still running.'}</p>`
    : html`<table>
<thead><tr><th>DLQ id</th><th>Workflow</th><th>Top issue / reason</th><th>Fingerprint</th><th>Model calls</th><th>Cost</th><th>Age</th><th>State</th>${admin ? html`<th></th>` : ''}</tr></thead>
<tbody>${rows}</tbody>
</table>`
}
${page.after !== undefined || page.next ? html`<p class="paging">${links}</p>` : ''}`,
  });
}
