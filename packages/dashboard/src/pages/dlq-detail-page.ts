import { type DlqRecord, dlqReasonLabel } from '@quarry/queue';
import type { DlqDetail, DlqWhy } from '@quarry/triage';
import {
  ageLabel,
  costLabel,
  dlqSplitPart,
  dlqWhy,
  splitChildRows,
  splitPagesLabel,
  splitPathsLabel,
  workflowLabel,
} from '@quarry/triage';
import type { Principal } from '../auth/authenticator';
import { dlqDataPreview } from '../dlq-data-preview';
import { attemptFieldViews } from '../grounding/attempt-field-views';
import { html, type SafeHtml } from '../html';
import { documentView } from './document-view';
import { documentsHiddenNote } from './documents-hidden';
import { layout } from './layout';
import { type OriginalDocument, originalDocumentSection } from './original-document';
import { replayForm } from './replay-form';

/** The document (text or original) with the last attempt's grounded fields, when it was grounded. */
function documentSection(
  detail: DlqDetail,
  document: string | null,
  original: OriginalDocument | null,
): SafeHtml {
  const last = detail.record.attempts.at(-1);
  const grounded =
    last !== undefined && (last.provenance !== undefined || last.groundingFields !== undefined);
  const fields = grounded ? attemptFieldViews(last) : [];
  const heading = html`<h2>Document${grounded ? html` and the grounding of attempt ${last.n}` : ''}</h2>`;
  if (original) return html`${heading}${originalDocumentSection({ original, fields })}`;
  if (document === null) return html`${heading}<p class="muted">The job data holds no document text.</p>`;
  return html`${heading}${documentView({ document, fields })}`;
}

/** The "why" line and the next step, first on the page. */
function whyBlock(why: DlqWhy): SafeHtml {
  const { next } = why;
  let step: SafeHtml | string;
  switch (next.kind) {
    case 'replay':
    case 'replay-forced':
      step = html`<p class="next">Next step: <code class="command">${next.command}</code>${next.kind === 'replay-forced' ? ' (quarantined: its chain was redriven too often)' : ''}</p>`;
      break;
    case 'replayed':
      step = html`<p class="next">Already replayed as job <a href="/jobs/${encodeURIComponent(next.jobId)}"><code>${next.jobId}</code></a>.</p>`;
      break;
    case 'none':
      step = '';
      break;
  }
  return html`<section class="why-block"><p class="why"><strong>Why:</strong> ${why.why}</p>${step}</section>`;
}

const jobLink = (jobId: string): SafeHtml =>
  html`<a href="/jobs/${encodeURIComponent(jobId)}"><code>${jobId}</code></a>`;

/**
 * For a split job's child, where it sits (a link to its parent's job, its pages and field group);
 * for a split parent, its children as a table, failed first, capped (how many more is said).
 */
function splitSection(record: DlqRecord): SafeHtml | string {
  const part = dlqSplitPart(record);
  const child = part
    ? html`<p class="split-part">Child ${part.index} of ${part.children} of job ${jobLink(part.parentId)}: ${part.window ? `pages ${splitPagesLabel([part.window.firstPage, part.window.lastPage])}` : 'all pages'}; ${part.paths ? `fields ${splitPathsLabel(part.paths)}` : 'all fields'}</p>`
    : '';
  if (!record.split) return child;
  const view = splitChildRows(record.split);
  const rows = view.rows.map(
    (row) => html`<tr${row.status === 'failed' ? html` class="reason"` : ''}>
  <td>${row.index}</td><td>${splitPagesLabel(row.pages)}</td><td>${splitPathsLabel(row.paths)}</td>
  <td>${row.jobId ? jobLink(row.jobId) : ''}</td><td>${row.status}</td><td>${row.reason ?? ''}</td>
  <td>${row.attempts}</td><td>${costLabel(row.costUsd)}</td>
</tr>`,
  );
  return html`${child}<section class="split-children"><h2>Children (${view.failed} of ${view.total} failed; split <code>${record.split.splitId}</code>)</h2>
<table><thead><tr><th>#</th><th>Pages</th><th>Fields</th><th>Job</th><th>Status</th><th>Reason</th><th>Model calls</th><th>Cost</th></tr></thead><tbody>${rows}</tbody></table>
${view.more > 0 ? html`<p class="muted">… and ${view.more} more</p>` : ''}</section>`;
}

/**
 * One record: why it was dead-lettered and the next step first, for a split job where its child sits
 * or the parent's children, then reason, fingerprint, lineage chain, every attempt with its issues and raw output, the
 * document (with the last attempt's grounded spans when it was grounded), the job data folded away. To
 * someone who may not see documents, a note in place of the document, the raw output (which quotes
 * it) and the input (which holds it, or its blob key).
 */
export function dlqDetailPage(options: {
  readonly principal: Principal;
  readonly csrf: string;
  readonly detail: DlqDetail;
  /** The job's document as the attempts were grounded against; null when there is none. */
  readonly document: string | null;
  /** A document job's original (PDF or image); null for a text job. */
  readonly original: OriginalDocument | null;
  /** Whether the principal may see documents. */
  readonly documents: boolean;
  readonly now: number;
}): SafeHtml {
  const { record, summary, chain } = options.detail;
  const { documents } = options;
  const preview = dlqDataPreview(record) as { input: unknown };
  const attempts = record.attempts.map(
    (attempt) => html`<tr>
  <td>${attempt.n}</td><td>${attempt.model}${attempt.fallbackFrom ? html`<br><span class="muted">fallback for ${attempt.fallbackFrom}</span>` : ''}${attempt.climb ? html`<br><span class="muted">moved up the ladder: ${attempt.climb}</span>` : ''}${attempt.effort ? html`<br><span class="muted">effort ${attempt.effort}</span>` : ''}</td><td>${attempt.durationMs} ms</td><td>${attempt.stopReason ?? ''}${attempt.refusalCategory ? ` (${attempt.refusalCategory})` : ''}</td>
  <td>${attempt.usage.inputTokens} in / ${attempt.usage.outputTokens} out</td><td>${costLabel(attempt.costUsd)}</td>
  <td>${
    attempt.issues.length === 0
      ? html`<span class="muted">valid</span>`
      : html`<ul>${attempt.issues.map((issue) => html`<li><code>${issue.source}:${issue.path || '(root)'}</code> ${issue.message}</li>`)}</ul>`
  }${documents ? html`<details><summary>raw output${attempt.rawOutputTruncated ? ' (truncated)' : ''}</summary><pre>${attempt.rawOutput}</pre></details>` : ''}</td>
</tr>`,
  );
  const links = chain.records.map(
    (link) => html`<tr${link.dlqId === record.dlqId ? html` class="reason"` : ''}>
  <td>${link.lineage.redriveCount}</td>
  <td><a href="/dlq/${encodeURIComponent(link.dlqId)}"><code>${link.dlqId}</code></a></td>
  <td><code>${link.sourceJobId}</code></td><td>${dlqReasonLabel(link.reason)}</td><td>${link.deadLetteredAt}</td>
  <td class="state-${link.state}">${link.state}${link.replay ? html` → <code>${link.replay.jobId}</code>` : ''}</td>
</tr>`,
  );
  return layout({
    title: `Dead letter ${record.dlqId}`,
    principal: options.principal,
    csrf: options.csrf,
    body: html`${whyBlock(dlqWhy(record, summary.state))}
${splitSection(record)}
<dl class="facts">
  <dt>Reason</dt><dd><span class="reason">${dlqReasonLabel(record.reason)}</span>: ${record.reason.message}</dd>
  <dt>Fingerprint</dt><dd><a href="/dlq?fingerprint=${encodeURIComponent(record.fingerprint)}"><code>${record.fingerprint}</code></a></dd>
  <dt>Workflow</dt><dd>${workflowLabel(record.workflow, record.version)}</dd>
  <dt>State</dt><dd class="state-${summary.state}">${summary.state}${record.replay ? ` as job ${record.replay.jobId} at ${record.replay.replayedAt}` : ''}</dd>
  <dt>Source job</dt><dd><code>${record.sourceJobId}</code> (${record.jobAttempts} job attempt(s))</dd>
  <dt>Dead-lettered</dt><dd>${record.deadLetteredAt} (${ageLabel(record.deadLetteredAt, options.now)} ago); first enqueued ${record.firstEnqueuedAt}</dd>
  <dt>Totals</dt><dd>${record.totals.modelCalls} model call(s), ${record.totals.inputTokens} in / ${record.totals.outputTokens} out tokens, ${costLabel(record.totals.costUsd)}, ${record.totals.durationMs} ms</dd>
  <dt>Lessons shown</dt><dd>${record.lessonsInjected.length ? record.lessonsInjected.join(', ') : 'none'}</dd>
</dl>
${options.principal.role === 'admin' && summary.state !== 'replayed' ? replayForm({ selection: { ids: record.dlqId }, csrf: options.csrf, label: summary.state === 'quarantined' ? 'Replay (needs force)' : 'Replay', overrides: true }) : ''}
<h2>Lineage (root job <code>${chain.rootJobId}</code>)</h2>
<table><thead><tr><th>Redrive</th><th>DLQ id</th><th>Job</th><th>Reason</th><th>Dead-lettered</th><th>State</th></tr></thead><tbody>${links}</tbody></table>
${chain.missing.length ? html`<p class="muted">Pruned from the chain: ${chain.missing.join(', ')}</p>` : ''}
${chain.latestJob ? html`<p>Latest replay job <code>${chain.latestJob.jobId}</code>: ${chain.latestJob.state}</p>` : ''}
<h2>Attempts</h2>
<table><thead><tr><th>#</th><th>Model</th><th>Duration</th><th>Stop</th><th>Tokens</th><th>Cost</th><th>Issues</th></tr></thead><tbody>${attempts}</tbody></table>
${
  documents
    ? html`${documentSection(options.detail, options.document, options.original)}
<details><summary>Job data (JSON, the document as a preview)</summary><pre>${JSON.stringify(preview.input, null, 2)}</pre></details>`
    : html`<h2>Document</h2>${documentsHiddenNote(options.principal)}`
}`,
  });
}
