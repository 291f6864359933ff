import type { BatchDetail } from '@quarry/queue';
import { ageLabel, costLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { html, type SafeHtml } from '../html';
import { layout } from './layout';

/** One batch: summary, its requests (custom_id, job, attempt, result) and, for admins, a cancel button. */
export function batchDetailPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly batch: BatchDetail;
  /** Whether the dashboard can call the API (ANTHROPIC_API_KEY set). */
  readonly canCancel: boolean;
  readonly now: number;
  /** A line shown above the summary (the outcome of a cancel). */
  readonly notice?: string;
}): SafeHtml {
  const { batch, now } = options;
  const admin = options.principal.role === 'admin';
  const cancel =
    admin && batch.status === 'in_progress'
      ? options.canCancel
        ? html`<form method="post" action="/batches/${encodeURIComponent(batch.batchId)}/cancel" class="replay">
  <input type="hidden" name="_csrf" value="${options.csrf}">
  <button type="submit">Cancel batch</button>
  <span class="muted">Unprocessed requests come back canceled and go into a later batch; no job is lost.</span>
</form>`
        : html`<p class="muted">Cancelling needs ANTHROPIC_API_KEY in the dashboard's environment.</p>`
      : '';
  const rows = batch.requestList.map(
    (request) => html`<tr>
  <td><code>${request.customId}</code></td>
  <td><code>${request.jobId}</code></td>
  <td>${request.attempt ?? '?'}</td>
  <td>${request.result ?? 'pending'}</td>
</tr>`,
  );
  return layout({
    title: `Batch ${batch.batchId}`,
    principal: options.principal,
    csrf: options.csrf,
    body: html`${options.notice ? html`<p role="status">${options.notice}</p>` : ''}
<dl>
  <dt>Model</dt><dd>${batch.model}</dd>
  <dt>Status</dt><dd><span class="reason">${batch.status}</span></dd>
  <dt>Submitted</dt><dd title="${batch.submittedAt}">${ageLabel(batch.submittedAt, now)} ago</dd>
  <dt>Ended</dt><dd>${batch.endedAt ?? '-'}</dd>
  <dt>Requests</dt><dd>${batch.requests}</dd>
  <dt>Results</dt><dd>${batch.results.succeeded} succeeded · ${batch.results.errored} errored · ${batch.results.expired} expired · ${batch.results.canceled} canceled · ${batch.pending} pending</dd>
  <dt>Cost so far</dt><dd>${costLabel(batch.costUsd)}</dd>
</dl>
${cancel}
<table>
<thead><tr><th>custom_id</th><th>Job</th><th>Attempt</th><th>Result</th></tr></thead>
<tbody>${rows}</tbody>
</table>
${batch.requests > batch.requestList.length ? html`<p class="muted">${batch.requestList.length} of ${batch.requests} requests shown.</p>` : ''}
<p><a href="/batches">All batches</a></p>`,
  });
}
