import { isDlqId } from '@quarry/queue';
import { SelectorError } from '@quarry/triage';

/** Rows shown before a page at most (a number from a URL; any real DLQ is far smaller). */
const MAX_SHOWN = 1_000_000_000;

/** Where a DLQ list page starts: after which record, and how many rows the pages before it showed. */
export interface DlqListCursor {
  /** The last record of the previous page; absent on the first page. */
  readonly after?: string;
  /** Rows the previous pages showed (0 on the first page): numbers the rows and keeps `limit` across pages. */
  readonly shown: number;
}

/** The paging fields of the list page's query string, as text. */
export interface DlqListCursorText {
  readonly after?: string | undefined;
  readonly shown?: string | undefined;
}

/**
 * Reads the paging fields of the list page (`after=<dlqId>&shown=<n>`, as its "Older records" link
 * writes them), collecting every problem.
 * @throws SelectorError naming each bad value: an `after` that is not a DLQ id, a `shown` that is not a
 * whole number up to {@link MAX_SHOWN}, given without `after`, or not below `limit`.
 */
export function dlqListCursorFromText(text: DlqListCursorText, limit: number | undefined): DlqListCursor {
  const problems: string[] = [];
  const after = text.after?.trim() || undefined;
  const shownText = text.shown?.trim() || undefined;
  if (after !== undefined && !isDlqId(after)) {
    problems.push(`after: must be a DLQ id (dlq- and 32 hex digits), got "${after}"`);
  }
  let shown = 0;
  if (shownText !== undefined) {
    const parsed = /^\d{1,10}$/.test(shownText) ? Number(shownText) : Number.NaN;
    if (!(parsed <= MAX_SHOWN)) {
      problems.push(`shown: must be a whole number from 0 to ${MAX_SHOWN}, got "${shownText}"`);
    } else if (after === undefined) problems.push('shown: needs after');
    else if (limit !== undefined && parsed >= limit) {
      problems.push(`shown: must be below --limit (${limit}), got ${parsed}`);
    } else shown = parsed;
  }
  if (problems.length > 0) throw new SelectorError({ problems });
  return after === undefined ? { shown } : { after, shown };
}
