import type { DocumentPages } from '../documents/document-pages';
import type { GroundedFieldView } from '../grounding/grounded-field-view';
import { html, type SafeHtml } from '../html';
import { DOCUMENT_VIEW_SCRIPT, documentView } from './document-view';

/** A field as listed on a page it has no span on: its value and status, no offsets. */
function unplaced(field: GroundedFieldView): GroundedFieldView {
  const { provenance: _, ...rest } = field;
  return rest;
}

/**
 * A PDF's text layer page by page, each page a {@link documentView} with the spans of the fields
 * whose provenance names that page (offsets in that page's text). Fields placed on no page are
 * listed, without a span, beside the first page. An image or a PDF without a text layer is named
 * as such (no OCR is done); a document the dashboard could not read says why.
 */
export function pagedDocumentView(options: {
  readonly pages: DocumentPages;
  readonly fields: readonly GroundedFieldView[];
  /** Whether to include the view's script tag (default true; a page with several documents includes it once). */
  readonly script?: boolean;
}): SafeHtml {
  const { pages, fields } = options;
  switch (pages.type) {
    case 'no_text_layer':
      return html`<p class="muted">${pages.reason === 'image' ? 'The document is an image' : 'The PDF has no text layer (a scan)'}: there is no text to show and no spans to highlight (Quarry does no OCR).</p>`;
    case 'unavailable':
      return html`<p class="muted">The document's text is not shown: ${pages.reason}.</p>`;
    case 'pages': {
      const pageCount = pages.pages.length;
      const views = pages.pages.map(({ page, text }) => {
        const own = fields.filter((field) => field.provenance?.page === page);
        const others =
          page === 1
            ? fields
                .filter((field) => {
                  const on = field.provenance?.page;
                  return on === undefined || on > pageCount;
                })
                .map(unplaced)
            : [];
        return html`<h3 id="page-${page}">Page ${page} of ${pageCount}</h3>
${documentView({ document: text, fields: [...own, ...others], script: false })}`;
      });
      return html`<div class="pages">${views}</div>${options.script === false ? '' : DOCUMENT_VIEW_SCRIPT}`;
    }
  }
}
