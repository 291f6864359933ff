/**
 * A text rewritten for tolerant comparison, with the way back: `starts[i]` and `ends[i]` are the
 * original code units (start inclusive, end exclusive) that code unit `i` of `text` came from.
 */
export interface NormalisedText {
  readonly text: string;
  readonly starts: readonly number[];
  readonly ends: readonly number[];
}

/** Characters read as a word break: whitespace and table rules (`|`, `¦`, box-drawing verticals). */
const SEPARATOR = /^[\s|¦│┃║]$/u;
/** Characters dropped: soft hyphen, zero-width space, word joiner, byte order mark. */
const IGNORED = new Set(['\u00AD', '\u200B', '\u2060', '\uFEFF']);
/** Typographic quotes and dashes written plainly. */
const PLAIN: Readonly<Record<string, string>> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u02BC': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u2033': '"',
  '\u00AB': '"',
  '\u00BB': '"',
  '\u2010': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
};
/**
 * One user-perceived character for normalisation purposes: a code point with the marks that may
 * compose with it (combining marks, half-width kana voicing, Hangul vowel and final jamo, emoji
 * modifiers) and anything joined by a zero-width joiner.
 */
const CLUSTER = /[\s\S](?:[\p{M}\uFF9E\uFF9F\u1160-\u11FF]|\p{Emoji_Modifier}|\u200D[\s\S])*/uy;

/**
 * Normalises a text for matching: Unicode NFKC (full-width digits and letters, ligatures,
 * compatibility spaces), lower case, typographic quotes and dashes made plain, soft hyphens and
 * zero-width characters dropped, and every run of whitespace and table rules made one space
 * (none at either end). Works on clusters, so a base letter and its combining accent map together.
 */
export function normaliseText(original: string): NormalisedText {
  // Pieces are joined once at the end: reading a string while appending to it is quadratic.
  const pieces: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let atSpace = true;
  const emit = (folded: string, start: number, end: number): void => {
    for (const unit of folded) {
      if (unit === ' ') {
        if (atSpace) continue;
        atSpace = true;
      } else atSpace = false;
      pieces.push(unit);
      for (let k = 0; k < unit.length; k++) {
        starts.push(start);
        ends.push(end);
      }
    }
  };
  let i = 0;
  while (i < original.length) {
    const code = original.charCodeAt(i);
    const next = i + 1 < original.length ? original.charCodeAt(i + 1) : 0;
    if (code < 0x80 && next < 0x80) {
      emit(foldAscii(code), i, i + 1);
      i++;
      continue;
    }
    CLUSTER.lastIndex = i;
    const cluster = CLUSTER.exec(original)?.[0] ?? original[i] ?? '';
    emit(fold(cluster), i, i + cluster.length);
    i += cluster.length;
  }
  if (pieces.at(-1) === ' ') {
    pieces.pop();
    starts.pop();
    ends.pop();
  }
  return { text: pieces.join(''), starts, ends };
}

/** A range of UTF-16 code units, `[start, end)`. */
export interface TextRange {
  readonly start: number;
  readonly end: number;
}

/** The original range of a range of the normalised text, spaces at its edges left out. */
export function originalRange(normalised: NormalisedText, range: TextRange): TextRange {
  let from = range.start;
  let to = range.end;
  while (from < to - 1 && normalised.text[from] === ' ') from++;
  while (to > from + 1 && normalised.text[to - 1] === ' ') to--;
  return { start: normalised.starts[from] ?? 0, end: normalised.ends[to - 1] ?? 0 };
}

function foldAscii(code: number): string {
  if (code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0x7c) return ' ';
  if (code >= 0x41 && code <= 0x5a) return String.fromCharCode(code + 0x20);
  return String.fromCharCode(code);
}

function fold(cluster: string): string {
  let out = '';
  for (const char of cluster.normalize('NFKC')) {
    if (IGNORED.has(char)) continue;
    out += SEPARATOR.test(char) ? ' ' : (PLAIN[char] ?? char);
  }
  return out.toLowerCase();
}
