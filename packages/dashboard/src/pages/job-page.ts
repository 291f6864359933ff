import { costLabel, workflowLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { html, type SafeHtml } from '../html';
import type { JobView } from '../routes/job-view';
import { documentView } from './document-view';
import { documentsHiddenNote } from './documents-hidden';
import { layout } from './layout';
import { type OriginalDocument, originalDocumentSection } from './original-document';

/** A stored time (ms) as ISO text; `-` when there is none or it is no time. */
function timeText(ms: number | null): string {
  return ms !== null && Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : '-';
}

function provenanceTable(view: JobView): SafeHtml | string {
  const entries = Object.entries(view.result?.provenance ?? {});
  if (entries.length === 0) return '';
  return html`<table><thead><tr><th>Field</th><th>Start</th><th>End</th><th>Match</th><th>Quote</th></tr></thead><tbody>${entries.map(
    ([path, entry]) =>
      html`<tr><td><code>${path}</code></td><td>${entry.start}</td><td>${entry.end}</td><td>${entry.match}</td><td>${entry.quote}</td></tr>`,
  )}</tbody></table>`;
}

function resultSummary(view: JobView): SafeHtml | string {
  const { result } = view;
  if (view.resultProblems.length > 0) {
    return html`<p class="error" role="alert">The stored result is unreadable:</p><ul>${view.resultProblems.map((problem) => html`<li>${problem}</li>`)}</ul>`;
  }
  if (!result) return '';
  return html`<h2>Result</h2>
<dl class="facts">
  <dt>Review</dt><dd>${result.needsReview ? html`<span class="reason">needs review</span>: ${result.reviewReasons.join('; ')}` : 'not needed'}</dd>
  <dt>Model</dt><dd>${result.model}, ${result.attempts} model call(s), ${result.usage.inputTokens} in / ${result.usage.outputTokens} out tokens, ${costLabel(result.costUsd)}, ${result.durationMs} ms</dd>
</dl>`;
}

/** The extracted data, then the provenance (its quotes are the document's: only with `documents`). */
function resultDetails(view: JobView, documents: boolean): SafeHtml | string {
  const { result } = view;
  if (!result) return '';
  const provenance = !result.provenance
    ? html`<p class="muted">The result is not grounded (no provenance).</p>`
    : documents
      ? html`<h2>Provenance</h2>${provenanceTable(view)}`
      : '';
  return html`<h2>Extracted data</h2>
<pre>${JSON.stringify(result.data, null, 2)}</pre>
${provenance}`;
}

function documentSection(view: JobView, original: OriginalDocument | null): SafeHtml {
  if (original) return originalDocumentSection({ original, fields: view.fields });
  if (view.document === null) return html`<p class="muted">The job data holds no document text.</p>`;
  return documentView({ document: view.document, fields: view.fields });
}

/**
 * One extraction job: state, result summary, the document with each grounded span highlighted, then
 * the data and provenance; to someone who may not see documents, a note in place of the document.
 */
export function jobPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly view: JobView;
  /** A document job's original (PDF or image); null for a text job. */
  readonly original: OriginalDocument | null;
  /** Whether the principal may see documents. */
  readonly documents: boolean;
}): SafeHtml {
  const { view, original, documents } = options;
  const { snapshot } = view;
  return layout({
    title: `Job ${snapshot.jobId}`,
    principal: options.principal,
    csrf: options.csrf,
    body: html`<dl class="facts">
  <dt>State</dt><dd>${snapshot.state}${snapshot.dlqId ? html` (dead-lettered as <a href="/dlq/${encodeURIComponent(snapshot.dlqId)}"><code>${snapshot.dlqId}</code></a>)` : ''}</dd>
  <dt>Workflow</dt><dd>${view.workflow ? workflowLabel(view.workflow, view.version ?? undefined) : 'unknown (the job data is unreadable)'}</dd>
  <dt>Created</dt><dd>${timeText(snapshot.timestamp)}</dd>
  <dt>Finished</dt><dd>${timeText(snapshot.finishedOn)}</dd>
  <dt>Job attempts</dt><dd>${snapshot.attemptsMade}</dd>
</dl>
${resultSummary(view)}
<h2>Document</h2>
${documents ? documentSection(view, original) : documentsHiddenNote(options.principal)}
${resultDetails(view, documents)}`,
  });
}
