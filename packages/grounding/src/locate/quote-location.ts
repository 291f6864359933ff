/** How a quote was found in the document: verbatim, after normalisation, or approximately. */
export type MatchKind = 'exact' | 'normalised' | 'fuzzy';

/** Why a quote was not found. */
export type NotFoundReason = 'empty' | 'absent' | 'quote_too_long' | 'document_too_long' | 'budget_spent';

/**
 * Where a quote is in the original document: `[start, end)` in UTF-16 code units, as
 * `document.slice(start, end)` takes them; `similarity` is 1 unless the match is fuzzy.
 */
export type QuoteLocation =
  | {
      readonly match: MatchKind;
      readonly start: number;
      readonly end: number;
      readonly similarity: number;
    }
  | { readonly match: 'none'; readonly reason: NotFoundReason };
