import { cut } from '@quarry/core';
import { numbersIn, sameAmount } from '../agree/numbers-in';
import type { GroundedField } from '../plan/grounded-field';
import type { OwnedCue } from './cue-owners';

/**
 * Whether a value that agrees with its quote is bound to it: `bound` (an own label term introduces
 * it), `unlabelled` (the field names no terms), `unbound` (the field names terms but none stands in
 * or just before the quote: `note` says so, for review), or `mismatch` with the reason in words for
 * the model (another field's label, not the number its label introduces, a quote too long).
 */
export type Binding =
  | { readonly verdict: 'bound' | 'unlabelled' }
  | { readonly verdict: 'unbound'; readonly note: string }
  | { readonly verdict: 'mismatch'; readonly reason: string };

export interface FieldBindingOptions {
  readonly field: GroundedField;
  readonly value: unknown;
  /** Every label term of the workflow with its owner (`cueOwners`). */
  readonly cues: readonly OwnedCue[];
  readonly document: string;
  /** Where the quote was found: `[start, end)` in the document. */
  readonly start: number;
  readonly end: number;
}

/** How far before the quote a label term may stand on the previous line (on its own line: anywhere before it). */
const CUE_REACH = 60;
/** A quote may be this much longer than its value (a table row with its header cell); longer ones prove nothing about one field. */
const QUOTE_SLACK = 200;

interface Hit {
  readonly start: number;
  readonly end: number;
  readonly cue: string;
  readonly owner: string;
}

/**
 * Binds a value to its own evidence. Any quote longer than its value plus {@link QUOTE_SLACK}
 * characters is refused. For a field with label terms (`cues`), the term nearest before the value,
 * in the quote, before it on its line, or within {@link CUE_REACH} characters on the previous line
 * (the longest term where several end together: `Sous-total` over `total`), must be the field's
 * own, and a number must be the first number after it; where no term stands there at all, the
 * value is `unbound` (the document may print it under a label the workflow does not know).
 */
export function fieldBinding(options: FieldBindingOptions): Binding {
  const { field, value, document, start, end } = options;
  const limit = (JSON.stringify(value)?.length ?? 0) + QUOTE_SLACK;
  if (end - start > limit) {
    return mismatch(
      `the quote is ${end - start} characters long; quote only the label and the value (at most ${limit})`,
    );
  }
  const own = field.cues ?? [];
  const line = lineStart(document, start);
  const floor = own.length === 0 ? line : Math.min(line, reachStart(document, start));
  const from = Math.min(floor, Math.max(0, start - CUE_REACH));
  const window = document.slice(from, end);
  const at = valueOffset(field, value, document.slice(start, end)) + (start - from);
  const hit = nearestCue(window, options.cues, own, field.pattern, { after: floor - from, before: at });
  if (own.length === 0 && hit?.owner !== undefined && hit.owner !== field.pattern) {
    return mismatch(
      `the quote for ${field.pattern} is labelled "${cut(window.slice(hit.start, hit.end), 40)}", which belongs to ${hit.owner}`,
    );
  }
  if (own.length === 0) return { verdict: 'unlabelled' };
  if (!hit) {
    return {
      verdict: 'unbound',
      note: `the quote for ${field.pattern} carries none of its labels (${terms(own)}), so it may be another field's value`,
    };
  }
  if (hit.owner !== field.pattern) {
    return mismatch(
      `the quote for ${field.pattern} is labelled "${cut(window.slice(hit.start, hit.end), 40)}", which belongs to ${hit.owner}; quote the passage labelled ${terms(own)}`,
    );
  }
  if (field.kind !== 'number') return { verdict: 'bound' };
  const first = firstNumber(window.slice(hit.end));
  if (first !== undefined && wanted(value).some((want) => first.some((n) => sameAmount(n, want)))) {
    return { verdict: 'bound' };
  }
  return mismatch(
    `the number the label "${cut(window.slice(hit.start, hit.end), 40)}" introduces is not the value`,
  );
}

/**
 * Where a label may end at the earliest on the previous line: {@link CUE_REACH} back (a label may
 * start earlier: `Amount` / `due` broken over two lines above the value). The quote's own line is
 * reachable whatever its width (`Total ........ 1,200.00`).
 */
function reachStart(document: string, start: number): number {
  const reach = Math.max(0, start - CUE_REACH);
  const line = document.lastIndexOf('\n', start - 1);
  const previous = line <= 0 ? 0 : document.lastIndexOf('\n', line - 1) + 1;
  return Math.max(reach, previous);
}

/** The start of the quote's line: where a field without label terms looks for another field's. */
function lineStart(document: string, start: number): number {
  return document.lastIndexOf('\n', start - 1) + 1;
}

/** A number as written, in any script's decimal digits (`１，２００`), which `numbersIn` reads. */
const NUMBER = /\p{Nd}+(?:[.,' \uFF0C\uFF0E\uFF07]\p{Nd}+)*(?:\s?[%\uFF05])?/gu;
const FIRST_NUMBER = new RegExp(NUMBER.source, 'u');

/** Where the value stands in the span: its number, its text, else the span's end. */
function valueOffset(field: GroundedField, value: unknown, span: string): number {
  if (field.kind === 'number') {
    for (const token of span.matchAll(NUMBER)) {
      const read = numbersIn(token[0]);
      if (wanted(value).some((want) => read.some((n) => sameAmount(n, want)))) return token.index;
    }
    return span.length;
  }
  const index = span.toLowerCase().indexOf(String(value).toLowerCase());
  return index === -1 ? span.length : index;
}

function nearestCue(
  window: string,
  cues: readonly OwnedCue[],
  own: readonly string[],
  pattern: string,
  ends: { readonly after: number; readonly before: number },
): Hit | undefined {
  const all = [...cues.filter((c) => c.owner !== pattern), ...own.map((cue) => ({ cue, owner: pattern }))];
  let best: Hit | undefined;
  for (const { cue, owner } of all) {
    for (const match of window.matchAll(cuePattern(cue))) {
      const hit = { start: match.index, end: match.index + match[0].length, cue, owner };
      if (hit.end > ends.before || hit.end <= ends.after) continue;
      if (!best || hit.end > best.end || (hit.end === best.end && hit.start < best.start)) best = hit;
    }
  }
  return best;
}

function cuePattern(cue: string): RegExp {
  const escaped = cue.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, String.raw`\s+`);
  return new RegExp(String.raw`(?<![\p{L}\p{N}])${escaped}(?![\p{L}\p{N}])`, 'giu');
}

function firstNumber(text: string): number[] | undefined {
  const token = text.match(FIRST_NUMBER)?.[0];
  return token === undefined ? undefined : numbersIn(token);
}

function wanted(value: unknown): number[] {
  return typeof value === 'number' ? [value] : numbersIn(String(value));
}

function terms(cues: readonly string[]): string {
  return cues
    .slice(0, 4)
    .map((cue) => `"${cue}"`)
    .join(', ');
}

function mismatch(reason: string): Binding {
  return { verdict: 'mismatch', reason };
}
