import type { ReviewEntry, UnreadableReviewEntry } from '@quarry/queue';
import { ageLabel, costLabel, workflowLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import type { GroundedFieldView } from '../grounding/grounded-field-view';
import { html, type SafeHtml } from '../html';
import { DOCUMENT_VIEW_SCRIPT } from './document-view';
import { documentsHiddenNote } from './documents-hidden';
import { layout } from './layout';
import { type OriginalDocument, originalDocumentSection } from './original-document';

/** Longest value shown for a weak field. */
const VALUE_CHARS = 80;

/** A document job's original with the grounded fields of its result, as its job page shows them. */
export interface ReviewDocument {
  readonly original: OriginalDocument;
  readonly fields: readonly GroundedFieldView[];
}

/** A review entry, its weak fields and, for a document job still in the queue, its document. */
export interface ReviewRow {
  readonly entry: ReviewEntry;
  readonly weak: readonly GroundedFieldView[];
  readonly document: ReviewDocument | null;
}

function weakList(fields: readonly GroundedFieldView[]): SafeHtml | string {
  if (fields.length === 0) return html`<span class="muted">none</span>`;
  return html`<ul>${fields.map(
    (field) =>
      html`<li><code>${field.path}</code> ${field.value.length > VALUE_CHARS ? `${field.value.slice(0, VALUE_CHARS)}…` : field.value} <span class="muted">(${field.status === 'grounded' ? '' : 'failed grounding, '}confidence ${field.confidence?.toFixed(2) ?? '?'})</span></li>`,
  )}</ul>`;
}

function documentRow({ entry, document }: ReviewRow): SafeHtml | string {
  if (!document) return '';
  return html`<tr class="review-document"><td colspan="7"><details><summary>Document of <code>${entry.jobId}</code>: page text with the grounded spans</summary>
${originalDocumentSection({ original: document.original, fields: document.fields, script: false })}</details></td></tr>`;
}

/**
 * Completed jobs flagged for review, oldest first, each with its weak fields and reasons; job ids
 * link to the job page. A document job's page text, with its grounded spans and the download of
 * the original, unfolds under its row (for the oldest `documentsFor` rows); to someone who may not
 * see documents, a note instead.
 */
export function reviewPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly rows: readonly ReviewRow[];
  readonly count: number;
  readonly unreadable: readonly UnreadableReviewEntry[];
  /** Whether the principal may see documents. */
  readonly documents: boolean;
  /** How many of the rows (the oldest) had their document read. */
  readonly documentsFor: number;
  readonly now: number;
}): SafeHtml {
  const { rows, now, documents } = options;
  const body = rows.map(
    (row) => html`<tr>
  <td><a href="/jobs/${encodeURIComponent(row.entry.jobId)}"><code>${row.entry.jobId}</code></a></td>
  <td>${workflowLabel(row.entry.workflow, row.entry.version)}</td>
  <td title="${row.entry.flaggedAt}">${ageLabel(row.entry.flaggedAt, now)}</td>
  <td>${row.entry.attempts}</td><td>${costLabel(row.entry.costUsd)}</td>
  <td>${weakList(row.weak)}</td>
  <td><ul>${row.entry.reasons.map((reason) => html`<li>${reason}</li>`)}</ul></td>
</tr>${documentRow(row)}`,
  );
  const documentsNote = !documents
    ? documentsHiddenNote(options.principal)
    : rows.length > options.documentsFor
      ? html`<p class="muted">Documents are shown for the oldest ${options.documentsFor}; the others are on their job pages.</p>`
      : '';
  return layout({
    title: 'Review',
    principal: options.principal,
    csrf: options.csrf,
    body: html`<p>${options.count} job(s) waiting for review${rows.length < options.count ? `, the oldest ${rows.length} shown` : ''}. Acknowledge one with <code>quarry review ack &lt;jobId&gt;</code>.</p>
${documentsNote}
${options.unreadable.map((entry) => html`<p class="error">The review entry of job <code>${entry.jobId}</code> is unreadable (${entry.problem}).</p>`)}
<table><thead><tr><th>Job</th><th>Workflow</th><th>Flagged</th><th>Attempts</th><th>Cost</th><th>Weak fields</th><th>Reasons</th></tr></thead><tbody>${body}</tbody></table>
${rows.some((row) => row.document) ? DOCUMENT_VIEW_SCRIPT : ''}`,
  });
}
