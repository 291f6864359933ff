import { ageLabel, costLabel, workflowLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { barMeter } from '../charts/bar-meter';
import { sparkline } from '../charts/sparkline';
import { stackedColumns } from '../charts/stacked-columns';
import { html, type SafeHtml } from '../html';
import type { OverviewView } from '../routes/overview-view';
import { layout } from './layout';

const COLORS = { completed: '#2f7d4f', flagged: '#c98a00', deadLettered: '#a0121d', cost: '#4a8fd6' };

const percent = (share: number | null): string => (share === null ? '?' : `${Math.round(share * 100)}%`);

function outcomesSection(view: OverviewView): SafeHtml {
  const { outcomes } = view;
  const total = [outcomes.completed, outcomes.deadLettered].flat().reduce((sum, n) => sum + n, 0);
  const chart = stackedColumns({
    label: 'Jobs per minute by outcome over the last hour',
    series: [
      // Flagged jobs are completed jobs too: drawn once, on top of the others.
      {
        name: 'completed',
        color: COLORS.completed,
        values: outcomes.completed.map((n, i) => Math.max(0, n - (outcomes.flagged[i] ?? 0))),
      },
      { name: 'completed, flagged for review', color: COLORS.flagged, values: outcomes.flagged },
      { name: 'dead-lettered', color: COLORS.deadLettered, values: outcomes.deadLettered },
    ],
    from: `${outcomes.starts.length} min ago`,
    to: 'now',
  });
  return html`<section class="panel"><h2>Jobs per minute by outcome</h2>
${total === 0 ? html`<p class="empty">No job completed or was dead-lettered in the last hour.</p>` : chart}
<p class="muted">Completed jobs are counted while BullMQ keeps them (the worker keeps the newest 10,000 by default); flagged ones until a reviewer accepts them.</p></section>`;
}

function workflowsSection(view: OverviewView): SafeHtml {
  if (view.workflows.length === 0) {
    return html`<section class="panel"><h2>First-attempt validity and cost per valid extraction</h2><p class="empty">No workflow version ran in the last 24 hours.</p></section>`;
  }
  const maxCost = Math.max(0, ...view.workflows.map((row) => row.costPerValidUsd ?? 0));
  const rows = view.workflows.map(
    (row) => html`<tr>
  <td>${workflowLabel(row.workflow, row.version)}</td>
  <td>${barMeter({ value: row.firstAttemptValidity ?? 0, max: 1, color: COLORS.completed, label: `first-attempt validity ${percent(row.firstAttemptValidity)}` })} ${percent(row.firstAttemptValidity)} <span class="muted">of ${row.firstAttempts}</span></td>
  <td>${barMeter({ value: row.costPerValidUsd ?? 0, max: maxCost, color: COLORS.cost, label: `cost per valid extraction ${costLabel(row.costPerValidUsd)}` })} ${costLabel(row.costPerValidUsd)} <span class="muted">(${row.validJobs} valid)</span></td>
  <td>${row.meanAttempts === null ? '?' : row.meanAttempts.toFixed(2)}</td>
</tr>`,
  );
  return html`<section class="panel"><h2>First-attempt validity and cost per valid extraction</h2>
<table><thead><tr><th>Workflow version</th><th>First-attempt validity</th><th>Cost per valid extraction</th><th>Model calls per job</th></tr></thead><tbody>${rows}</tbody></table>
<p class="muted">Last 24 hours.</p></section>`;
}

function fingerprintsSection(view: OverviewView, now: number): SafeHtml {
  if (view.fingerprints.length === 0) {
    return html`<section class="panel"><h2>DLQ arrivals per fingerprint</h2><p class="empty">No dead letter waits for a decision.</p></section>`;
  }
  const rows = view.fingerprints.map(({ group, arrivals }) => {
    const top = group.topIssues[0];
    return html`<tr>
  <td><a href="/dlq?fingerprint=${encodeURIComponent(group.fingerprint)}"><code>${group.fingerprint}</code></a><br><span class="reason muted">${group.reason}</span></td>
  <td>${top ? html`<code>${top.signature}</code><br><span class="muted">${top.example}</span>` : group.message}</td>
  <td>${sparkline({ values: arrivals.counts, label: `arrivals per hour of ${group.fingerprint}`, width: 120 })}</td>
  <td>${group.states.dead + group.states.quarantined}</td>
  <td title="${group.lastSeen}">${ageLabel(group.lastSeen, now)} ago</td>
</tr>`;
  });
  return html`<section class="panel"><h2>DLQ arrivals per fingerprint</h2>
<table><thead><tr><th>Fingerprint</th><th>Top issue</th><th>Per hour, 24 h</th><th>Waiting</th><th>Last</th></tr></thead><tbody>${rows}</tbody></table>
${view.moreFingerprints > 0 ? html`<p><a href="/fingerprints">${view.moreFingerprints} more fingerprint(s)</a></p>` : ''}</section>`;
}

function reviewSection(view: OverviewView, now: number): SafeHtml {
  const { count, ages } = view.review;
  if (count === 0) {
    return html`<section class="panel"><h2>Review backlog</h2><p class="empty">No job waits for review.</p></section>`;
  }
  const labels = ['under 1 h', '1 h to 1 day', 'over 1 day'];
  const max = Math.max(...ages.counts);
  const oldest =
    ages.oldestFlaggedAt === null ? '?' : ageLabel(new Date(ages.oldestFlaggedAt).toISOString(), now);
  return html`<section class="panel"><h2>Review backlog</h2>
<p><a href="/review"><strong>${count}</strong> job(s) waiting for review</a>; the oldest for ${oldest}.</p>
<table><tbody>${ages.counts.map(
    (n, i) =>
      html`<tr><td>${labels[i] ?? ''}</td><td>${barMeter({ value: n, max, color: COLORS.flagged, label: `${n} waiting ${labels[i] ?? ''}` })} ${n}</td></tr>`,
  )}</tbody></table></section>`;
}

function batchesSection(view: OverviewView): SafeHtml {
  if (view.batches.length === 0) {
    return html`<section class="panel"><h2>Batches in flight</h2><p class="empty">No batch is in flight.</p></section>`;
  }
  const rows = view.batches.map(
    (batch) => html`<tr>
  <td><a href="/batches/${encodeURIComponent(batch.batchId)}"><code>${batch.batchId}</code></a></td><td>${batch.model}</td><td>${batch.status}</td>
  <td>${barMeter({ value: batch.requests - batch.pending, max: batch.requests, color: COLORS.completed, label: `${batch.requests - batch.pending} of ${batch.requests} results` })} ${batch.requests - batch.pending} / ${batch.requests}</td>
  <td>${batch.submittedAt}</td>
</tr>`,
  );
  return html`<section class="panel"><h2>Batches in flight</h2>
<table><thead><tr><th>Batch</th><th>Model</th><th>Status</th><th>Results</th><th>Submitted</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

/**
 * The operator's overview: jobs per minute by outcome, first-attempt validity and cost per valid
 * extraction per workflow version, DLQ arrivals per fingerprint as sparklines, the review backlog by
 * age, the batches in flight; charts are inline SVG drawn here, and an empty panel says so in words.
 */
export function overviewPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly view: OverviewView;
  readonly now: number;
}): SafeHtml {
  const { view, now } = options;
  return layout({
    title: 'Overview',
    principal: options.principal,
    csrf: options.csrf,
    body: html`<div class="overview">
${outcomesSection(view)}
${fingerprintsSection(view, now)}
${workflowsSection(view)}
${reviewSection(view, now)}
${batchesSection(view)}
</div>`,
  });
}
