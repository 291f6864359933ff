import type { JobDocument } from '@quarry/core';
import type { DocumentPages } from '../documents/document-pages';
import type { GroundedFieldView } from '../grounding/grounded-field-view';
import { html, type SafeHtml } from '../html';
import { pagedDocumentView } from './paged-document-view';

/** A document job's original as the job, review and DLQ pages show it. */
export interface OriginalDocument {
  readonly document: JobDocument;
  readonly pages: DocumentPages;
  /** Where the original is downloaded from (the page's own route). */
  readonly downloadHref: string;
  /** Whether the dashboard has a blob store to serve downloads from. */
  readonly downloads: boolean;
}

function downloadLine(original: OriginalDocument): SafeHtml {
  const { document } = original;
  const facts = html`<code>${document.mediaType}</code>`;
  switch (document.source.type) {
    case 'blob':
      return original.downloads
        ? html`<p>Original (${facts}): <a href="${original.downloadHref}" download>download</a></p>`
        : html`<p class="muted">Original (${facts}): downloads are not configured (the dashboard has no blob store).</p>`;
    case 'base64':
      return html`<p class="muted">Original (${facts}): inline in the job data, not in the blob store.</p>`;
    case 'url':
      return html`<p class="muted">Original (${facts}): at a URL the worker fetched; not served by the dashboard.</p>`;
  }
}

/** The download line for a document job's original, then its page text with the grounded spans. */
export function originalDocumentSection(options: {
  readonly original: OriginalDocument;
  readonly fields: readonly GroundedFieldView[];
  /** Whether to include the view's script tag (default true). */
  readonly script?: boolean;
}): SafeHtml {
  const { original } = options;
  return html`${downloadLine(original)}
${pagedDocumentView({ pages: original.pages, fields: options.fields, script: options.script })}`;
}
