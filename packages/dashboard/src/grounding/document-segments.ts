/** Where one field's quote is in the document: `document.slice(start, end)`. */
export interface FieldSpan {
  /** Index of the field in the view's field list. */
  readonly field: number;
  readonly start: number;
  readonly end: number;
}

/** A stretch of the document and the fields whose spans cover all of it (none: plain text). */
export interface DocumentSegment {
  readonly start: number;
  readonly end: number;
  readonly fields: readonly number[];
}

/** Why a stored span cannot be shown: offsets that are no whole numbers, reversed, empty or past the end. */
export type SpanProblem = 'not_integer' | 'reversed' | 'empty' | 'out_of_range';

/** The problem of a span over a document of `length` characters, or null when it can be shown. */
export function spanProblem(span: { readonly start: number; readonly end: number }, length: number) {
  const { start, end } = span;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return 'not_integer' as const;
  if (start < 0 || end > length) return 'out_of_range' as const;
  if (end < start) return 'reversed' as const;
  if (end === start) return 'empty' as const;
  return null;
}

/**
 * Cuts the first `length` characters of a document into segments at every span boundary, so that
 * overlapping and nested spans each keep their whole extent: a segment lists every field covering
 * it. Spans with a {@link spanProblem} are left out; spans running past `length` are cut there.
 */
export function documentSegments(options: {
  readonly length: number;
  readonly spans: readonly FieldSpan[];
}): DocumentSegment[] {
  const { length } = options;
  const spans = options.spans.filter((span) => spanProblem(span, Number.MAX_SAFE_INTEGER) === null);
  const cuts = new Set<number>([0, length]);
  for (const span of spans) {
    if (span.start < length) cuts.add(span.start);
    if (span.end < length) cuts.add(span.end);
  }
  const bounds = [...cuts].sort((a, b) => a - b);
  const segments: DocumentSegment[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const start = bounds[i] as number;
    const end = bounds[i + 1] as number;
    const fields = spans
      .filter((span) => span.start <= start && span.end >= end)
      .map((span) => span.field)
      .sort((a, b) => a - b);
    segments.push({ start, end, fields });
  }
  return segments;
}
