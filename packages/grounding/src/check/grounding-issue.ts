import { cut, excerpt, type Issue } from '@quarry/core';
import type { NotFoundReason } from '../locate/quote-location';

/** Issue codes of grounding: the quote is not in the document, or the value disagrees with it. */
export type GroundingCode = 'not_found' | 'mismatch';

/** A grounding issue, in the shape every other issue has (`grounding:<path>:<code>` as signature). */
export function groundingIssue(path: string, code: GroundingCode, message: string, value: unknown): Issue {
  const received = excerpt(value);
  return { source: 'grounding', path, code, message, ...(received === undefined ? {} : { received }) };
}

/** Why a quote was not found, in words the model can act on. */
export function notFoundMessage(
  quote: string | null | undefined,
  reason: NotFoundReason,
  maxQuoteChars: number,
): string {
  if (quote === undefined || quote === null) {
    return 'No quote was given for this value: quote the passage of the document that shows it';
  }
  const shown = `"${cut(quote.replace(/\s+/g, ' ').trim(), 60)}"`;
  switch (reason) {
    case 'empty':
      return 'The quote is empty: quote the passage of the document that shows this value';
    case 'quote_too_long':
      return `The quote is longer than ${maxQuoteChars} characters: quote only the words that show this value`;
    case 'absent':
      return `The quote ${shown} does not occur in the document: copy the passage that shows this value verbatim`;
    case 'document_too_long':
    case 'budget_spent':
      return `The quote ${shown} does not occur verbatim in the document: copy the passage that shows this value exactly`;
  }
}
