import { formatPath } from '@quarry/core';
import type { ScoreDifference } from '@quarry/eval';

/** Longest value shown of one leaf. */
const VALUE_CHARS = 200;

/** One leaf of a JSON value: its concrete path as scoring names it (`lineItems[2].amount`) and its JSON text. */
export interface JsonLeaf {
  readonly path: string;
  /** The value as JSON (`"12.00"`, `12`, `null`, `[]`), cut to 200 characters. */
  readonly text: string;
}

/** A path as a chain up to the root: nothing is copied per level, so deep nesting stays linear. */
interface PathLink {
  readonly key: string | number;
  readonly parent: PathLink | null;
}

function keysOf(link: PathLink | null): (string | number)[] {
  const keys: (string | number)[] = [];
  for (let at = link; at !== null; at = at.parent) keys.push(at.key);
  return keys.reverse();
}

/**
 * The leaves of `value` in document order (primitives, and empty objects and arrays), at most `max`;
 * `more` counts the leaves left out. The whole value is one leaf at path `(root)` when it is no
 * object or array. Walks with its own stack: no nesting overflows it.
 */
export function jsonLeaves(value: unknown, max: number): { leaves: JsonLeaf[]; more: number } {
  const leaves: JsonLeaf[] = [];
  let more = 0;
  const stack: [unknown, PathLink | null][] = [[value, null]];
  while (stack.length > 0) {
    const [node, link] = stack.pop() as [unknown, PathLink | null];
    const children: [string | number, unknown][] = Array.isArray(node)
      ? node.map((item, i) => [i, item])
      : typeof node === 'object' && node !== null
        ? Object.entries(node)
        : [];
    if (children.length > 0) {
      // Pushed in reverse so that they come off the stack in order.
      for (let i = children.length - 1; i >= 0; i -= 1) {
        const [key, item] = children[i] as [string | number, unknown];
        stack.push([item, { key, parent: link }]);
      }
      continue;
    }
    if (leaves.length >= max) {
      more += 1;
      continue;
    }
    leaves.push({ path: link === null ? '(root)' : formatPath(keysOf(link)), text: leafText(node) });
  }
  return { leaves, more };
}

function leafText(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS)}…` : text;
}

/** Whether `path` is `under` or lies inside it (`a.b` is under `a`; `a[0]` under `a`; `ab` is not). */
export function isUnder(path: string, under: string): boolean {
  if (under === '') return true;
  if (!path.startsWith(under)) return false;
  const next = path.charAt(under.length);
  return next === '' || next === '.' || next === '[';
}

/** The difference a leaf of one side lies under, if any (a leaf's own path, or an object or array above it). */
export function differenceOf(
  leaf: JsonLeaf,
  side: 'expected' | 'extracted',
  differences: readonly ScoreDifference[],
): ScoreDifference | null {
  const path = leaf.path === '(root)' ? '' : leaf.path;
  for (const difference of differences) {
    const at = side === 'expected' ? difference.expectedPath : difference.extractedPath;
    if (at !== null && isUnder(path, at)) return difference;
  }
  return null;
}
