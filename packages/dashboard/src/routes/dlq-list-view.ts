import type { DlqSelectors, DlqSummary, Triage } from '@quarry/triage';
import { type DlqListPaging, LIST_ROWS } from '../pages/dlq-list-page';
import type { DlqListCursor } from './dlq-list-cursor';

/** What one page of the DLQ list shows. */
export interface DlqListView {
  readonly entries: readonly DlqSummary[];
  readonly count: number;
  readonly page: DlqListPaging;
}

/**
 * One page of the selection: at most {@link LIST_ROWS} records (fewer where `limit` ends sooner), one
 * more to know whether another page follows, and the count from the indexes; no other record is read.
 * @throws SelectorError / DlqRecordNotFoundError (a cursor naming no record) from the triage service.
 */
export async function readDlqListView(options: {
  readonly triage: Triage;
  readonly selectors: DlqSelectors;
  readonly cursor: DlqListCursor;
}): Promise<DlqListView> {
  const { triage, selectors } = options;
  const { after, shown } = options.cursor;
  const left = (selectors.limit ?? Number.POSITIVE_INFINITY) - shown;
  const rows = Math.min(LIST_ROWS, left);
  const [found, count] = await Promise.all([
    triage.listDlq({ ...selectors, limit: rows < left ? rows + 1 : rows, after }),
    triage.countDlq(selectors),
  ]);
  const entries = found.slice(0, rows);
  const last = entries.at(-1);
  const next = found.length > rows && last ? { after: last.dlqId, shown: shown + rows } : undefined;
  return {
    entries,
    count,
    page: { shown, ...(after === undefined ? {} : { after }), ...(next ? { next } : {}) },
  };
}
