import type { EvalRunListing } from '@quarry/queue';
import { ageLabel, costLabel, workflowLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { html, type SafeHtml } from '../html';
import { evalHref, f1Bar } from './eval-figures';
import { layout } from './layout';

/** The run listed after `index` of the same set and workflow (the one before it in time), if any. */
function previousOf(runs: readonly EvalRunListing[], index: number): EvalRunListing | null {
  const run = runs[index] as EvalRunListing;
  return (
    runs.slice(index + 1).find((other) => other.set === run.set && other.workflow === run.workflow) ?? null
  );
}

function runRow(runs: readonly EvalRunListing[], index: number, now: number): SafeHtml {
  const run = runs[index] as EvalRunListing;
  const previous = previousOf(runs, index);
  return html`<tr>
  <td><a href="${evalHref.run(run.runId)}"><code>${run.runId}</code></a></td>
  <td title="${run.storedAt}">${ageLabel(run.storedAt, now)} ago</td>
  <td><code>${run.set}</code></td>
  <td>${workflowLabel(run.workflow, run.version)}</td>
  <td>${run.items}</td>
  <td>${f1Bar({ f1: run.f1, label: `run ${run.runId}` })}</td>
  <td>${costLabel(run.costUsd)}</td>
  <td>${previous ? html`<a href="${evalHref.compare(previous.runId, run.runId)}" title="with ${previous.runId}">compare with the previous run</a>` : ''}</td>
</tr>`;
}

function runOption(run: EvalRunListing, selected: boolean): SafeHtml {
  return html`<option value="${run.runId}"${selected ? html` selected` : ''}>${run.runId} · ${run.set} · ${workflowLabel(run.workflow, run.version)}</option>`;
}

/** Two runs to compare: A (the baseline, by default the second newest) and B (by default the newest). */
function compareForm(runs: readonly EvalRunListing[]): SafeHtml {
  if (runs.length < 2) return html`<p class="muted">A second run is needed to compare.</p>`;
  return html`<form method="get" action="/evals/compare" class="filters">
<label>Run A (baseline)<select name="a">${runs.map((run, i) => runOption(run, i === 1))}</select></label>
<label>Run B<select name="b">${runs.map((run, i) => runOption(run, i === 0))}</select></label>
<button type="submit">Compare</button>
</form>`;
}

/**
 * The stored evaluation runs, newest first: run id (linking to its page), when, set, workflow@version,
 * items, overall F1 as a bar, cost, and a link comparing it with the set's and workflow's previous
 * run; a form to compare any two; unreadable runs named; in words when there is none.
 */
export function evalsPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly runs: readonly EvalRunListing[];
  readonly unreadable: readonly string[];
  /** How many runs the page lists at most (the newest). */
  readonly limit: number;
  readonly now: number;
}): SafeHtml {
  const { runs, now } = options;
  const unreadable = options.unreadable.map(
    (runId) =>
      html`<p class="error">The stored run <a href="${evalHref.run(runId)}"><code>${runId}</code></a> is unreadable.</p>`,
  );
  const table =
    runs.length === 0
      ? html`<p class="empty">No evaluation run is stored. Run one with <code>quarry eval run --set SET --workflow NAME</code>; it is kept for 90 days.</p>`
      : html`<p>${runs.length} run(s)${runs.length >= options.limit ? `, the newest ${options.limit}` : ''}, newest first. Each is kept for 90 days after it ran.</p>
<table><thead><tr><th>Run</th><th>When</th><th>Set</th><th>Workflow</th><th>Items</th><th>Overall F1</th><th>Cost</th><th></th></tr></thead>
<tbody>${runs.map((_, i) => runRow(runs, i, now))}</tbody></table>
<h2>Compare two runs</h2>
${compareForm(runs)}`;
  return layout({
    title: 'Evaluation runs',
    principal: options.principal,
    csrf: options.csrf,
    body: html`${unreadable}${table}`,
  });
}
