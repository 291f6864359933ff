import type { JobPart } from '@quarry/queue';

/** A child's pages as `28–37`, or `all` when it read the whole document. */
export function splitPagesLabel(pages: readonly [number, number] | null): string {
  if (pages === null) return 'all';
  return pages[0] === pages[1] ? String(pages[0]) : `${pages[0]}–${pages[1]}`;
}

/** A child's field group as its first `shown` paths and `+N more`, or `all` when it had the whole schema. */
export function splitPathsLabel(paths: readonly string[] | null, shown = 3): string {
  if (paths === null) return 'all';
  const head = paths.slice(0, shown).join(', ');
  return paths.length > shown ? `${head} +${paths.length - shown} more` : head;
}

/**
 * Where a child of a split job sits, in one line: `child 3 of 22 of job <parentId>: pages 28–37;
 * fields total, date +4 more` (its index as the parent's record lists it). Text from the job data:
 * the caller neutralises it for where it is shown.
 */
export function splitPartText(part: JobPart): string {
  const pages = part.window
    ? `pages ${splitPagesLabel([part.window.firstPage, part.window.lastPage])}`
    : 'all pages';
  const fields = part.paths ? `fields ${splitPathsLabel(part.paths)}` : 'all fields';
  return `child ${part.index} of ${part.children} of job ${part.parentId}: ${pages}; ${fields}`;
}
