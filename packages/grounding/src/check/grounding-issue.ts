import { cut, excerpt, type Issue } from '@quarry/core';
import type { NotFoundReason } from '../locate/quote-location';

/** Issue codes of grounding: the quote is not in the document, or the value disagrees with it. */
export type GroundingCode = 'not_found' | 'mismatch';

export interface GroundingIssueOptions {
  /** Concrete path of the value. */
  readonly path: string;
  readonly code: GroundingCode;
  readonly message: string;
  /** The value, excerpted into `received`. */
  readonly value: unknown;
}

/** A grounding issue, in the shape every other issue has (`grounding:<path>:<code>` as signature). */
export function groundingIssue(options: GroundingIssueOptions): Issue {
  const { path, code, message, value } = options;
  const received = excerpt(value);
  return { source: 'grounding', path, code, message, ...(received === undefined ? {} : { received }) };
}

export interface NotFoundMessageOptions {
  /** The quote given: none (`undefined`), null, or the one that was not found. */
  readonly quote: string | null | undefined;
  readonly reason: NotFoundReason;
  readonly maxQuoteChars: number;
}

/** Why a quote was not found, in words the model can act on. */
export function notFoundMessage(options: NotFoundMessageOptions): string {
  const { quote, reason, maxQuoteChars } = options;
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
