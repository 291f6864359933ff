import type { EvalItemResult, EvalKeptOutput, ScoreDifference } from '@quarry/eval';
import { costLabel } from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { differenceOf, type JsonLeaf, jsonLeaves } from '../evals/json-leaves';
import type { EvalItemExpected } from '../evals/read-eval-item';
import { html, type SafeHtml } from '../html';
import { documentView } from './document-view';
import { documentsHiddenNote } from './documents-hidden';
import { evalHref, outcomeLabel, ratioLabel } from './eval-figures';
import { layout } from './layout';
import { type OriginalDocument, originalDocumentSection } from './original-document';

/** Leaves listed at most of each side. */
const MAX_LEAVES = 2000;

/** An item's document as the page shows it: its text, or its original (PDF or image) from the blob store. */
export type EvalItemDocument =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'original'; readonly original: OriginalDocument };

const KIND_TEXT: Record<ScoreDifference['kind'], string> = {
  missing: 'missing: expected, not extracted',
  unexpected: 'unexpected: extracted, not expected',
  different: 'different',
};

function leafItem(
  leaf: JsonLeaf,
  difference: ScoreDifference | null,
  side: 'expected' | 'extracted',
): SafeHtml {
  if (!difference) return html`<li><code>${leaf.path}</code> <span class="value">${leaf.text}</span></li>`;
  const other = side === 'expected' ? difference.extractedPath : difference.expectedPath;
  const otherSide = side === 'expected' ? 'extracted' : 'expected';
  return html`<li class="diff diff-${difference.kind}"><code>${leaf.path}</code> <span class="value">${leaf.text}</span>
<span class="facts">${difference.kind}${difference.kind === 'different' && other !== null && other !== leaf.path ? html` (${otherSide} at <code>${other || '(root)'}</code>)` : ''}</span></li>`;
}

function leafList(value: unknown, side: 'expected' | 'extracted', differences: readonly ScoreDifference[]) {
  const { leaves, more } = jsonLeaves(value, MAX_LEAVES);
  if (leaves.length === 0) return html`<p class="empty">No value.</p>`;
  return html`<ul class="leaves">${leaves.map((leaf) => leafItem(leaf, differenceOf(leaf, side, differences), side))}</ul>
${more > 0 ? html`<p class="muted">${more} more value(s) not listed.</p>` : ''}`;
}

function expectedColumn(expected: EvalItemExpected, set: string, item: EvalItemResult): SafeHtml {
  const heading = html`<h3>Expected <span class="muted">(set <code>${set}</code> as stored now)</span></h3>`;
  switch (expected.type) {
    case 'found':
      return html`${heading}${leafList(expected.item.expected, 'expected', item.differences)}`;
    case 'unreadable':
      return html`${heading}<p class="error">The set's item is unreadable (${expected.problem}).</p>`;
    case 'missing':
      return html`${heading}<p class="muted">The set holds this item no longer (deleted, or the set was deleted).</p>`;
  }
}

function keptText(extracted: EvalKeptOutput & { type: 'dropped' }): string {
  const size = extracted.bytes === null ? '' : ` (${Math.ceil(extracted.bytes / 1024)} KiB of JSON)`;
  switch (extracted.reason) {
    case 'item-limit':
      return `The extracted output${size} is over the 64 KiB a report keeps of one item; it was not kept.`;
    case 'report-limit':
      return `The extracted output${size} was not kept: the report had kept 4 MiB of outputs already.`;
    case 'not-json':
      return 'The extracted output is no JSON value (scored as empty); it was not kept.';
  }
}

function extractedColumn(item: EvalItemResult): SafeHtml {
  const heading = html`<h3>Extracted <span class="muted">(from the run's report)</span></h3>`;
  const { extracted } = item;
  if (extracted === undefined)
    return html`${heading}<p class="muted">This report keeps no extracted values (it was written before reports kept them); only which paths differ is known, listed beside the expected values and below.</p>`;
  if (extracted === null)
    return html`${heading}<p class="muted">No output: the item ${item.outcome.kind === 'failed' ? 'failed' : 'was dead-lettered'}.</p>`;
  if (extracted.type === 'dropped') return html`${heading}<p class="muted">${keptText(extracted)}</p>`;
  return html`${heading}${leafList(extracted.data, 'extracted', item.differences)}`;
}

function differencesTable(item: EvalItemResult): SafeHtml {
  if (item.differences.length === 0) return html`<p class="muted">No difference.</p>`;
  return html`<table><thead><tr><th>Field</th><th>How</th><th>Expected at</th><th>Extracted at</th></tr></thead><tbody>${item.differences.map(
    (difference) =>
      html`<tr class="diff-${difference.kind}"><td><code>${difference.field}</code></td><td>${KIND_TEXT[difference.kind]}</td><td>${difference.expectedPath === null ? '-' : html`<code>${difference.expectedPath || '(root)'}</code>`}</td><td>${difference.extractedPath === null ? '-' : html`<code>${difference.extractedPath || '(root)'}</code>`}</td></tr>`,
  )}</tbody></table>
${item.differencesOmitted > 0 ? html`<p class="muted">${item.differencesOmitted} more difference(s) not kept in the report.</p>` : ''}`;
}

function outcomeFacts(item: EvalItemResult): SafeHtml {
  const { outcome } = item;
  const why =
    outcome.kind === 'completed'
      ? outcome.needsReview
        ? html`<dt>Review reasons</dt><dd><ul>${outcome.reviewReasons.map((reason) => html`<li>${reason}</li>`)}</ul></dd>`
        : ''
      : html`<dt>Why</dt><dd>${outcome.kind === 'failed' ? outcome.message : outcome.reason.message}</dd>`;
  return html`<dl class="facts">
  <dt>Outcome</dt><dd>${outcomeLabel(item)}${outcome.kind === 'completed' ? (outcome.firstAttemptValid ? ', valid at the first attempt' : ', not valid at the first attempt') : ''}</dd>
  ${why}
  <dt>Score</dt><dd>F1 ${ratioLabel(item.score.f1)} · precision ${ratioLabel(item.score.precision)} · recall ${ratioLabel(item.score.recall)} (${item.score.truePositives} correct, ${item.score.falsePositives} false positive(s), ${item.score.falseNegatives} false negative(s))${item.unscorable ? html` · <span class="error">the output was not scorable (${item.unscorable}) and counts as empty</span>` : ''}</dd>
  <dt>Model calls</dt><dd>${item.modelCalls ?? '?'}, ${costLabel(item.costUsd)}</dd>
</dl>`;
}

function documentSection(document: EvalItemDocument | null): SafeHtml {
  if (!document) return html`<p class="muted">The set's item, and so its document, could not be read.</p>`;
  switch (document.type) {
    case 'text':
      return documentView({ document: document.text, fields: [], script: false });
    case 'original':
      return originalDocumentSection({ original: document.original, fields: [], script: false });
  }
}

/**
 * One item of a run: its outcome and score, the expected values (the set's item as stored now) beside
 * the extracted ones (kept in the report since version 2), each leaf under a differing path marked
 * with how it differs, the differences as a table, then the document (text, or the original's page
 * text and download); to someone who may not see documents, a note in its place.
 */
export function evalItemPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly runId: string;
  readonly set: string;
  readonly item: EvalItemResult;
  readonly expected: EvalItemExpected;
  /** Whether the principal may see documents. */
  readonly documents: boolean;
  readonly document: EvalItemDocument | null;
}): SafeHtml {
  const { item, runId } = options;
  return layout({
    title: `Item ${item.id}`,
    principal: options.principal,
    csrf: options.csrf,
    body: html`<p>Of run <a href="${evalHref.run(runId)}"><code>${runId}</code></a> on set <code>${options.set}</code>.</p>
${outcomeFacts(item)}
<h2>Expected and extracted values</h2>
<div class="sides"><section>${expectedColumn(options.expected, options.set, item)}</section><section>${extractedColumn(item)}</section></div>
<h2>Differences</h2>
${differencesTable(item)}
<h2>Document</h2>
${options.documents ? documentSection(options.document) : documentsHiddenNote(options.principal)}`,
  });
}
