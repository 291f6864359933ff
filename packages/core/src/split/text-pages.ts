import { SplitInputError } from './split-input-error';

/** Defaults of {@link textPages}. */
export const textPageDefaults = {
  /** Characters in a page of a text without form feeds. */
  maxChars: 6_000,
  maxCharsLimit: 10_000_000,
} as const;

/** Options of {@link textPages}. */
export interface TextPagesOptions {
  /** A whole number from 1 to 10,000,000 (default 6,000). */
  readonly maxChars?: number;
}

/**
 * The pages of a text document. A text with form feeds (`\f`) is cut at each, the form feeds
 * dropped; a form feed ending the text ends the last page (no empty page after it). A text without
 * them is cut into pages of at most `maxChars` characters, each ending at a line end (after its
 * `\n`) where one falls within the page, else at the limit (a line longer than a page). Every other
 * character is in exactly one page, in order; an empty text is one empty page.
 *
 * @throws {SplitInputError} when `maxChars` is not a whole number from 1 to 10,000,000.
 */
export function textPages(text: string, options: TextPagesOptions = {}): string[] {
  const maxChars = options.maxChars ?? textPageDefaults.maxChars;
  const problems: string[] = [];
  if (typeof text !== 'string') problems.push(`text: expected a string, got ${typeof text}`);
  if (!Number.isSafeInteger(maxChars) || maxChars < 1 || maxChars > textPageDefaults.maxCharsLimit) {
    problems.push(`maxChars: expected a whole number from 1 to ${textPageDefaults.maxCharsLimit}`);
  }
  if (problems.length > 0) throw new SplitInputError({ problems });
  if (text.includes('\f')) {
    const pages = text.split('\f');
    return text.endsWith('\f') ? pages.slice(0, -1) : pages;
  }
  return cutAtLineEnds(text, maxChars);
}

function cutAtLineEnds(text: string, maxChars: number): string[] {
  if (text === '') return [''];
  const pages: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + maxChars, text.length);
    if (end < text.length) {
      const lineEnd = text.lastIndexOf('\n', end - 1);
      if (lineEnd >= start) end = lineEnd + 1;
    }
    pages.push(text.slice(start, end));
    start = end;
  }
  return pages;
}
