import type { Issue } from './issue';

/**
 * Renders a zod-style path as Quarry writes paths: dotted keys with array indices in brackets
 * (`['lineItems', 3, 'amount']` → `lineItems[3].amount`, `[]` → `''`). Keys that are not plain
 * identifiers are quoted (`meta["a.b"]`).
 */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'symbol') out += `[${JSON.stringify(key.description ?? '')}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

/** Replaces every array index of a path with `[]`: `lineItems[3].amount` → `lineItems[].amount`. */
export function normalizePath(path: string): string {
  return path.replace(/\[\d+\]/g, '[]');
}

/**
 * The identity of a kind of mistake, stable across documents and attempts:
 * `source:normalised path:ruleId or code` (e.g. `schema:lineItems[].amount:invalid_type`).
 */
export function issueSignature(issue: Issue): string {
  return `${issue.source}:${normalizePath(issue.path)}:${issue.ruleId ?? issue.code}`;
}

/** The distinct signatures of some issues, in order of first appearance. */
export function uniqueSignatures(issues: readonly Issue[]): string[] {
  return [...new Set(issues.map(issueSignature))];
}
