import type { Provenance } from './provenance';

/**
 * Provenance found in a PDF's text layer (its pages joined), told by page: each entry gains the
 * `page` its quote starts on (from 1) and its offsets become offsets in that page's text.
 * `pageStarts[i]` is where page i + 1 starts in the joined text (ascending, the first 0).
 */
export function provenanceByPage(provenance: Provenance, pageStarts: readonly number[]): Provenance {
  const paged: Provenance = {};
  for (const [path, entry] of Object.entries(provenance)) {
    let index = 0;
    while (
      index + 1 < pageStarts.length &&
      (pageStarts[index + 1] ?? Number.POSITIVE_INFINITY) <= entry.start
    ) {
      index += 1;
    }
    const base = pageStarts[index] ?? 0;
    paged[path] = { ...entry, start: entry.start - base, end: entry.end - base, page: index + 1 };
  }
  return paged;
}
