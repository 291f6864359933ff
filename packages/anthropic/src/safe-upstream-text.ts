import { scrubSecrets } from '@quarry/env';
import { quotedSpans } from './quoted-spans';

/** Options of {@link safeUpstreamText}. */
export interface SafeUpstreamTextOptions {
  /** A text that came from outside, such as the `error.message` of an API error body. */
  readonly text: string;
  /** The texts of the request that was sent (document, feedback, replayed output): never shown. */
  readonly requestTexts?: readonly string[];
  /** Secret values never shown, such as the API key (see `scrubSecrets`). */
  readonly secrets?: readonly (string | null | undefined)[];
}

/** Characters kept of an upstream text. */
export const upstreamTextMaxChars = 200;
/** Characters of an upstream text searched for quotes of the request (the rest is cut anyway). */
const SCAN_CHARS = 1000;
/** A run of the request's text this long or longer is withheld. */
const QUOTE_MIN_CHARS = 12;
const QUOTE_MARK = '[request text withheld]';
/** Control, format (bidi overrides, zero-width), lone surrogate and line/paragraph separator characters. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]+/gu;

/**
 * What of an upstream text may be logged and stored: secrets removed (the given values, API keys, URL
 * credentials, bearer tokens), every run of 12 or more characters quoting the request replaced by
 * `[request text withheld]`, control and format characters turned into spaces, and at most 200
 * characters kept (`…` marks a cut). An upstream error may echo the request (the document) or the
 * key it was sent; this keeps neither.
 */
export function safeUpstreamText(options: SafeUpstreamTextOptions): string {
  const secrets = { secrets: options.secrets ?? [] };
  const scrubbed = scrubSecrets(options.text, secrets);
  const cut = scrubbed.length > SCAN_CHARS;
  // A quote running past the scanned part is only known up to its last full window: drop the tail.
  const head = cut ? scrubbed.slice(0, SCAN_CHARS - QUOTE_MIN_CHARS + 1) : scrubbed;
  const covered = quotedSpans({
    text: cut ? scrubbed.slice(0, SCAN_CHARS) : scrubbed,
    sources: (options.requestTexts ?? []).map((source) => scrubSecrets(source, secrets)),
    minLength: QUOTE_MIN_CHARS,
  });
  let kept = '';
  for (let index = 0; index < head.length; index++) {
    if (!covered[index]) kept += head[index];
    else if (index === 0 || !covered[index - 1]) kept += QUOTE_MARK;
  }
  const printable = kept.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').trim();
  const characters = Array.from(printable);
  if (characters.length > upstreamTextMaxChars) {
    return `${characters.slice(0, upstreamTextMaxChars - 1).join('')}…`;
  }
  return cut ? `${printable}…` : printable;
}
