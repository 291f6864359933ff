import search from 'approx-string-match';
import { type NormalisedText, normaliseText, originalRange } from '../text/normalise-text';
import { expandToWords } from '../text/word-char';
import { type GroundingLimits, groundingLimits } from './grounding-limits';
import type { QuoteLocation } from './quote-location';

/** Finds quotes in one document; remembers each quote's answer and the fuzzy work spent. */
export interface QuoteLocator {
  locate(quote: string): QuoteLocation;
}

export interface QuoteLocatorOptions {
  /** The document text exactly as the model was given it. */
  readonly document: string;
  readonly limits?: Partial<GroundingLimits>;
}

/**
 * A locator for one document. Each quote is looked for, in order: verbatim (trimmed); after
 * normalising both texts (`normaliseText`); approximately, on the normalised texts, with at most
 * ⌊length × (1 − fuzzyThreshold)⌋ edits (Myers' bit-parallel algorithm from `approx-string-match`),
 * the first of the closest matches. The span found is widened to whole words (a quote cut inside a
 * word takes in the rest of it); offsets always index the original document. Work is bounded
 * by `limits` (see `GroundingLimits`); the document is normalised once, on first need.
 *
 * @throws GroundingConfigError when a limit is out of range.
 */
export function createQuoteLocator(options: QuoteLocatorOptions): QuoteLocator {
  const { document } = options;
  const limits = groundingLimits(options.limits);
  const answers = new Map<string, QuoteLocation>();
  let normalised: NormalisedText | undefined;
  let budget = limits.fuzzyBudget;

  const find = (raw: string): QuoteLocation => {
    const quote = raw.trim();
    if (quote === '') return { match: 'none', reason: 'empty' };
    if (quote.length > limits.maxQuoteChars) return { match: 'none', reason: 'quote_too_long' };
    const exact = document.indexOf(quote);
    if (exact !== -1) return { match: 'exact', start: exact, end: exact + quote.length, similarity: 1 };
    if (document.length > limits.maxNormalisedChars) return { match: 'none', reason: 'document_too_long' };

    normalised ??= normaliseText(document);
    const pattern = normaliseText(quote).text;
    if (pattern === '') return { match: 'none', reason: 'empty' };
    const at = normalised.text.indexOf(pattern);
    if (at !== -1)
      return {
        match: 'normalised',
        ...originalRange(normalised, { start: at, end: at + pattern.length }),
        similarity: 1,
      };

    const maxErrors = Math.floor(pattern.length * (1 - limits.fuzzyThreshold));
    if (maxErrors < 1) return { match: 'none', reason: 'absent' };
    const cost = normalised.text.length * Math.max(pattern.length, 32);
    if (cost > budget) return { match: 'none', reason: 'budget_spent' };
    budget -= cost;
    const best = search(normalised.text, pattern, maxErrors)[0];
    if (!best) return { match: 'none', reason: 'absent' };
    return {
      match: 'fuzzy',
      ...originalRange(normalised, best),
      similarity: 1 - best.errors / pattern.length,
    };
  };

  return {
    locate(quote) {
      const known = answers.get(quote);
      if (known) return known;
      const found = find(quote);
      const answer = found.match === 'none' ? found : { ...found, ...expandToWords(document, found) };
      answers.set(quote, answer);
      return answer;
    },
  };
}
