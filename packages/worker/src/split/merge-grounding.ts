import { isDeepStrictEqual } from 'node:util';
import type { Provenance, ProvenanceEntry, WeakField } from '@quarry/core';
import type { ExtractionJobResult } from '@quarry/queue';

/** One child's grounding, with where its window starts in the document. */
export interface ChildGrounding {
  readonly result: ExtractionJobResult;
  /** The window's first page (1 when the child read the whole document). */
  readonly firstPage: number;
  /** For a child of a text split: its window's text (pages joined by form feeds), to tell a quote's page. */
  readonly windowText: string | null;
}

/** The merged result's grounding: each value's provenance, confidence and weakness, by its path in the merged output. */
export interface MergedGrounding {
  readonly provenance?: Provenance;
  readonly fieldConfidence?: Record<string, number>;
  readonly weakFields?: WeakField[];
}

/**
 * Carries the children's grounding over to the merged output: each concrete path of a child is
 * moved to where its value stands in the merged output (an array item to the index of the equal
 * item there; a path whose value the merge did not keep is dropped), the first child in page order
 * winning. A quote's page is the document's page: a PDF window's page moved by the window's first
 * page, a text window's counted from its form feeds. Nothing when no child was grounded.
 */
export function mergeGrounding(options: {
  readonly children: readonly ChildGrounding[];
  readonly data: unknown;
}): MergedGrounding {
  const provenance: Provenance = {};
  const confidence: Record<string, number> = {};
  const weak = new Map<string, WeakField>();
  let grounded = false;
  for (const child of options.children) {
    const { result } = child;
    if (!result.provenance && !result.fieldConfidence) continue;
    grounded = true;
    const move = (path: string) => mergedPath(path, result.data, options.data);
    for (const [path, entry] of Object.entries(result.provenance ?? {})) {
      const to = move(path);
      if (to !== null && !(to in provenance)) provenance[to] = withPage(entry, child);
    }
    for (const [path, value] of Object.entries(result.fieldConfidence ?? {})) {
      const to = move(path);
      if (to !== null && !(to in confidence)) confidence[to] = value;
    }
    for (const field of result.weakFields ?? []) {
      const to = move(field.path);
      if (to !== null && !weak.has(to)) weak.set(to, { ...field, path: to });
    }
  }
  if (!grounded) return {};
  return { provenance, fieldConfidence: confidence, weakFields: [...weak.values()] };
}

function withPage(entry: ProvenanceEntry, child: ChildGrounding): ProvenanceEntry {
  if (entry.page !== undefined) return { ...entry, page: entry.page + child.firstPage - 1 };
  if (child.windowText === null) return entry;
  const before = child.windowText.slice(0, entry.start);
  const feeds = before.length - before.replaceAll('\f', '').length;
  return { ...entry, page: child.firstPage + feeds };
}

/** Where a child's concrete path stands in the merged output; null when the merge did not keep its value. */
function mergedPath(path: string, childData: unknown, merged: unknown): string | null {
  const item = /^([^[]*)\[(\d+)\](.*)$/.exec(path);
  if (!item) return isDeepStrictEqual(valueAt(childData, path), valueAt(merged, path)) ? path : null;
  const [, arrayPath = '', index = '0', rest = ''] = item;
  const mine = (valueAt(childData, arrayPath) as unknown[] | undefined)?.[Number(index)];
  const theirs = valueAt(merged, arrayPath);
  if (!Array.isArray(theirs)) return null;
  const at = theirs.findIndex((entry) => isDeepStrictEqual(entry, mine));
  return at < 0 ? null : `${arrayPath}[${at}]${rest}`;
}

function valueAt(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.').filter(Boolean)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
