/** An entry (one batch-lane attempt) as stored. */
export interface BatchEntry {
  readonly ref: string;
  readonly jobId: string;
  readonly model: string;
  /** '' while waiting, `intent:<id>` while being submitted, else the batch id. */
  readonly owner: string;
  readonly waitingSinceMs: number;
  readonly deadlineMs: number | null;
  /** The document file id the request last submitted for it referenced, or null. */
  readonly fileId: string | null;
  /** The file id it was put back for once the Files API lost it (`requeueLostFile`), or null. */
  readonly lostFileId: string | null;
}

/** The entry `ref` from its stored JSON (`BatchKeys.entries`: short field names, optional ones left out). */
export function parseBatchEntry(ref: string, raw: string): BatchEntry {
  const e = JSON.parse(raw) as {
    j: string;
    m: string;
    b: string;
    s: number;
    d?: number;
    f?: string;
    l?: string;
  };
  const optional = { deadlineMs: e.d ?? null, fileId: e.f ?? null, lostFileId: e.l ?? null };
  return { ref, jobId: e.j, model: e.m, owner: e.b, waitingSinceMs: e.s, ...optional };
}
