import type { ReviewEntry, UnreadableReviewEntry } from '@quarry/queue';
import { ageLabel, costLabel, workflowLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { REVIEW_ROLES } from '../auth/dashboard-user';
import type { GroundedFieldView } from '../grounding/grounded-field-view';
import { html, type SafeHtml } from '../html';
import { type ReviewGroup, reviewGroups } from '../review/review-groups';
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

function documentRow({ entry, document }: ReviewRow, columns: number): SafeHtml | string {
  if (!document) return '';
  return html`<tr class="review-document"><td colspan="${columns}"><details><summary>Document of <code>${entry.jobId}</code>: page text with the grounded spans</summary>
${originalDocumentSection({ original: document.original, fields: document.fields, script: false })}</details></td></tr>`;
}

/** What the last Accept did (from the page's query). */
export interface AcceptNotice {
  readonly accepted: number;
  /** Jobs the form named that were not waiting (accepted by someone else meanwhile). */
  readonly notWaiting: number;
}

function rowHtml(row: ReviewRow, now: number, admin: boolean): SafeHtml {
  const id = row.entry.jobId;
  return html`<tr>
  ${admin ? html`<td><input type="checkbox" name="jobId" value="${id}" aria-label="select ${id}"></td>` : ''}
  <td><a href="/jobs/${encodeURIComponent(id)}"><code>${id}</code></a></td>
  <td>${workflowLabel(row.entry.workflow, row.entry.version)}</td>
  <td title="${row.entry.flaggedAt}">${ageLabel(row.entry.flaggedAt, now)}</td>
  <td>${row.entry.attempts}</td><td>${costLabel(row.entry.costUsd)}</td>
  <td>${weakList(row.weak)}</td>
  <td><ul>${row.entry.reasons.map((reason) => html`<li>${reason}</li>`)}</ul></td>
  ${admin ? html`<td><button name="only" value="${id}">Accept</button> <a href="/review/${encodeURIComponent(id)}/correct">Correct</a></td>` : ''}
</tr>${documentRow(row, admin ? 9 : 7)}`;
}

function groupSection(
  group: ReviewGroup<ReviewRow>,
  options: { csrf: string; now: number; admin: boolean },
): SafeHtml {
  const { admin } = options;
  const table = html`<table><thead><tr>${admin ? html`<th></th>` : ''}<th>Job</th><th>Workflow</th><th>Flagged</th><th>Model calls</th><th>Cost</th><th>Weak fields</th><th>Reasons</th>${admin ? html`<th></th>` : ''}</tr></thead>
<tbody>${group.rows.map((row) => rowHtml(row, options.now, admin))}</tbody></table>`;
  const heading = html`<h2>${group.reason}${group.field ? html` · <code>${group.field}</code>` : ''} <span class="muted">(${group.rows.length})</span></h2>`;
  if (!admin) return html`<section class="review-group">${heading}${table}</section>`;
  return html`<section class="review-group">${heading}
<form method="post" action="/review/accept"><input type="hidden" name="_csrf" value="${options.csrf}">
${table}
<p><button type="submit">Accept selected</button></p>
</form>
<form method="post" action="/review/accept" class="inline"><input type="hidden" name="_csrf" value="${options.csrf}">${group.rows.map((row) => html`<input type="hidden" name="jobId" value="${row.entry.jobId}">`)}<button type="submit">Accept all ${group.rows.length} in this group</button></form>
</section>`;
}

/**
 * Completed jobs flagged for review, oldest first, grouped by the kind of their first reason and the
 * field to look at first (largest group first), each with its weak fields and reasons; job ids link
 * to the job page. Admins accept one job, the checked ones, or a whole group (a CSRF-protected POST),
 * or open a job's Correct form.
 * A document job's page text, with its grounded spans and the download of the original, unfolds
 * under its row (for the oldest `documentsFor` rows); to someone who may not see documents, a note instead.
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
  /** What the last Accept did, when the page follows one. */
  readonly notice?: AcceptNotice | null;
  /** True when the page follows a stored Correct. */
  readonly corrected?: boolean;
  readonly now: number;
}): SafeHtml {
  const { rows, now, documents, notice } = options;
  // Admins and reviewers accept and correct; the row actions and checkboxes are theirs.
  const admin = REVIEW_ROLES.includes(options.principal.role);
  const documentsNote = !documents
    ? documentsHiddenNote(options.principal)
    : rows.length > options.documentsFor
      ? html`<p class="muted">Documents are shown for the oldest ${options.documentsFor}; the others are on their job pages.</p>`
      : '';
  const groups = reviewGroups(rows, (row) => row.entry);
  return layout({
    title: 'Review',
    principal: options.principal,
    csrf: options.csrf,
    body: html`${options.corrected ? html`<p class="notice" role="status">The correction was stored; the job left the review list.</p>` : ''}${notice ? html`<p class="notice" role="status">Accepted ${notice.accepted} job(s)${notice.notWaiting > 0 ? `; ${notice.notWaiting} no longer waited for review` : ''}.</p>` : ''}
<p>${options.count} job(s) waiting for review${rows.length < options.count ? `, the oldest ${rows.length} shown` : ''}, in ${groups.length} group(s) by reason and field. ${admin ? 'Accept removes a job from this list; its result stays as it is. Correct stores the correct output in the labelled set of its workflow and removes the job from this list.' : html`An admin or a reviewer accepts or corrects them here, or with <code>quarry review ack &lt;jobId&gt;</code> and <code>quarry review correct &lt;jobId&gt; --file out.json</code>.`}</p>
${documentsNote}
${options.unreadable.map((entry) => html`<p class="error">The review entry of job <code>${entry.jobId}</code> is unreadable (${entry.problem}).</p>`)}
${options.count === 0 ? html`<p class="empty">No job waits for review.</p>` : groups.map((group) => groupSection(group, { csrf: options.csrf, now, admin }))}
${rows.some((row) => row.document) ? DOCUMENT_VIEW_SCRIPT : ''}`,
  });
}
