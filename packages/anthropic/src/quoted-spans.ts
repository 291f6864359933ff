/** Options of {@link quotedSpans}. */
export interface QuotedSpansOptions {
  /** The text to search for quotes. */
  readonly text: string;
  /** Texts that must not be quoted (searched as they are and as they read inside a JSON string). */
  readonly sources: readonly string[];
  /** Shortest run counted as a quote. Default 12. */
  readonly minLength?: number;
}

const BASE = 31;

/**
 * Which characters of `text` belong to a run of at least `minLength` characters that also appears in
 * one of `sources` (as written, or JSON-escaped as a request body carries it). Returns a flag per
 * character of `text`. One pass over each source with a rolling hash, so a source of a few hundred
 * thousand characters costs milliseconds. Sources shorter than `minLength` are searched for whole.
 */
export function quotedSpans(options: QuotedSpansOptions): boolean[] {
  const { text } = options;
  const width = options.minLength ?? 12;
  const covered = new Array<boolean>(text.length).fill(false);
  const cover = (from: number, length: number) => covered.fill(true, from, from + length);
  const haystacks = options.sources.flatMap((source) => [source, JSON.stringify(source).slice(1, -1)]);
  for (const source of haystacks) {
    if (source.length >= width || source.length < Math.min(width, 6)) continue;
    for (let at = text.indexOf(source); at !== -1; at = text.indexOf(source, at + 1))
      cover(at, source.length);
  }
  if (text.length < width) return covered;
  const windows = new Map<number, number[]>();
  for (let at = 0, hash = 0; at + width <= text.length; at++) {
    hash = at === 0 ? hashOf(text, 0, width) : roll(hash, text, at, width);
    const list = windows.get(hash);
    if (list) list.push(at);
    else windows.set(hash, [at]);
  }
  for (const source of haystacks) {
    if (source.length < width) continue;
    for (let at = 0, hash = 0; at + width <= source.length && windows.size > 0; at++) {
      hash = at === 0 ? hashOf(source, 0, width) : roll(hash, source, at, width);
      const positions = windows.get(hash);
      if (!positions) continue;
      // A window found once is covered for good: drop it, so a repetitive text is not searched again
      // at every position of the source.
      const unfound = positions.filter((position) => {
        if (!source.startsWith(text.slice(position, position + width), at)) return true;
        cover(position, width);
        return false;
      });
      if (unfound.length === 0) windows.delete(hash);
      else if (unfound.length < positions.length) windows.set(hash, unfound);
    }
  }
  return covered;
}

function hashOf(text: string, from: number, width: number): number {
  let hash = 0;
  for (let index = from; index < from + width; index++)
    hash = (Math.imul(hash, BASE) + text.charCodeAt(index)) >>> 0;
  return hash;
}

/** The hash of the window at `at`, from the hash of the window at `at - 1`. */
function roll(hash: number, text: string, at: number, width: number): number {
  const outgoing = Math.imul(text.charCodeAt(at - 1), power(width - 1));
  return (Math.imul((hash - outgoing) >>> 0, BASE) + text.charCodeAt(at + width - 1)) >>> 0;
}

const powers = new Map<number, number>();
function power(exponent: number): number {
  let value = powers.get(exponent);
  if (value === undefined) {
    value = 1;
    for (let n = 0; n < exponent; n++) value = Math.imul(value, BASE) >>> 0;
    powers.set(exponent, value);
  }
  return value;
}
