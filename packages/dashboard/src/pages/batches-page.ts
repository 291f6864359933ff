import type { BatchSummary, CollectorState } from '@quarry/queue';
import { ageLabel, costLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { html, type SafeHtml } from '../html';
import { layout } from './layout';

/** The batch lane: batches in flight and recently ended, newest first, and each model's waiting attempts. */
export function batchesPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly batches: readonly BatchSummary[];
  readonly collectors: readonly CollectorState[];
  readonly now: number;
}): SafeHtml {
  const { now } = options;
  const rows = options.batches.map(
    (batch) => html`<tr>
  <td><a href="/batches/${encodeURIComponent(batch.batchId)}"><code>${batch.batchId}</code></a></td>
  <td>${batch.model}</td>
  <td><span class="reason">${batch.status}</span></td>
  <td>${batch.requests}</td>
  <td>${batch.results.succeeded} succeeded · ${batch.results.errored} errored · ${batch.results.expired} expired · ${batch.results.canceled} canceled · ${batch.pending} pending</td>
  <td>${costLabel(batch.costUsd)}</td>
  <td title="${batch.submittedAt}">${ageLabel(batch.submittedAt, now)} ago</td>
</tr>`,
  );
  const waiting = options.collectors.map(
    (collector) => html`<tr>
  <td>${collector.model}</td>
  <td>${collector.waiting}</td>
  <td>${collector.oldestWaitingSince === null ? '-' : html`<span title="${collector.oldestWaitingSince}">${ageLabel(collector.oldestWaitingSince, now)}</span>`}</td>
</tr>`,
  );
  return layout({
    title: 'Batches',
    principal: options.principal,
    csrf: options.csrf,
    body: html`<p>${options.batches.length} batch(es) of the batch lane, in flight or ended within the last 7 days, newest first.</p>
<table>
<thead><tr><th>Batch</th><th>Model</th><th>Status</th><th>Requests</th><th>Results</th><th>Cost so far</th><th>Age</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<h2>Waiting to be collected</h2>
<table>
<thead><tr><th>Model</th><th>Waiting</th><th>Oldest</th></tr></thead>
<tbody>${waiting}</tbody>
</table>`,
  });
}
