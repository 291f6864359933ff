import { dashboardDefaults } from '../dashboard-defaults';
import {
  documentSegments,
  type FieldSpan,
  type SpanProblem,
  spanProblem,
} from '../grounding/document-segments';
import type { GroundedFieldView } from '../grounding/grounded-field-view';
import { html, type SafeHtml } from '../html';

/** The document view's script tag (same-origin, deferred). */
export const DOCUMENT_VIEW_SCRIPT = html`<script src="/assets/document-view.js" defer></script>`;

/** Longest value shown beside its path. */
const VALUE_CHARS = 200;

const PROBLEM_TEXT: Record<SpanProblem, string> = {
  not_integer: 'stored offsets are not whole numbers',
  reversed: 'stored offsets are reversed',
  empty: 'stored span is empty',
  out_of_range: 'stored offsets lie outside the document',
};

const STATUS_TEXT: Record<GroundedFieldView['status'], string> = {
  grounded: 'grounded',
  ambiguous: 'ambiguous date',
  not_found: 'quote not found',
  mismatch: 'value disagrees with its quote',
  unchecked: 'not checked',
};

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function fieldItem(field: GroundedFieldView, i: number, note: string | null): SafeHtml {
  const span = field.provenance && note === null;
  const facts = [
    STATUS_TEXT[field.status],
    field.provenance ? `${field.provenance.match} match` : null,
    field.confidence === undefined ? null : `confidence ${field.confidence.toFixed(2)}`,
  ].filter((fact) => fact !== null);
  return html`<li class="field status-${field.status}${field.weak ? ' weak' : ''}" data-field="${i}"${span ? html` tabindex="0" role="button"` : ''}>
<code>${field.path}</code> <span class="value">${cut(field.value, VALUE_CHARS)}</span>
<span class="facts">${facts.join(' · ')}${note ? html` · <span class="error">${note}</span>` : ''}</span></li>`;
}

/**
 * A document with each grounded field's span highlighted and the fields beside it: their value,
 * whether grounding found and agreed with them (failures marked), match kind and confidence.
 * Hovering, focusing or clicking a field highlights its span and scrolls to it (the same-origin
 * script `/assets/document-view.js`; without it every span stays marked). Every character of the
 * document and the values is escaped. Overlapping spans are cut at every boundary, each piece
 * naming every field covering it; a span with unusable offsets is named, not drawn; only the first
 * `maxChars` characters are shown.
 */
export function documentView(options: {
  readonly document: string;
  readonly fields: readonly GroundedFieldView[];
  readonly maxChars?: number;
  /** Whether to include the view's script tag (default true; a page with several views includes it once). */
  readonly script?: boolean;
}): SafeHtml {
  const { document, fields } = options;
  const shown = Math.min(document.length, options.maxChars ?? dashboardDefaults.documentViewChars);
  const notes: (string | null)[] = [];
  const spans: FieldSpan[] = [];
  fields.forEach((field, i) => {
    const entry = field.provenance;
    const problem = entry ? spanProblem(entry, document.length) : null;
    if (!entry || problem) {
      notes.push(problem ? PROBLEM_TEXT[problem] : null);
      return;
    }
    if (entry.start >= shown) {
      notes.push(`span at ${entry.start} is past the part shown`);
      return;
    }
    notes.push(null);
    spans.push({ field: i, start: entry.start, end: entry.end });
  });
  const text = documentSegments({ length: shown, spans }).map((segment) => {
    const piece = document.slice(segment.start, segment.end);
    if (segment.fields.length === 0) return piece;
    const weak = segment.fields.some((i) => fields[i]?.weak);
    return html`<mark data-fields="${segment.fields.join(' ')}"${weak ? html` class="weak"` : ''}>${piece}</mark>`;
  });
  return html`<section class="docview">
<ol class="fields">${fields.map((field, i) => fieldItem(field, i, notes[i] ?? null))}</ol>
<pre class="document">${text}</pre>
${shown < document.length ? html`<p class="muted">The first ${shown} of ${document.length} characters are shown.</p>` : ''}
</section>
${options.script === false ? '' : DOCUMENT_VIEW_SCRIPT}`;
}
