import type { FileMetadataWire } from './file-store';

/** One page of `GET /v1/files`. */
interface FilePage {
  readonly data: readonly FileMetadataWire[];
  readonly has_more: boolean;
  readonly first_id: string | null;
  readonly last_id: string | null;
  /** The cursor of the next page (the SDK passes it back as `page`); null on the last page. */
  readonly next_page: string | null;
}

export type FileListQuery =
  | { readonly ok: true; readonly page: (files: readonly FileMetadataWire[]) => FilePage }
  | { readonly ok: false; readonly message: string };

/**
 * Reads the query of `GET /v1/files`: `limit` (1 to 1000, default 20) and at most one cursor,
 * `page` or `after_id` (the files after that id, newest first) or `before_id` (those before it).
 * A cursor naming no live file (one deleted since) gives an empty page.
 */
export function readFileListQuery(query: URLSearchParams): FileListQuery {
  const fail = (message: string): FileListQuery => ({ ok: false, message });
  const limitText = query.get('limit');
  let limit = 20;
  if (limitText !== null) {
    limit = /^\d{1,7}$/.test(limitText) ? Number(limitText) : Number.NaN;
    if (!(limit >= 1 && limit <= 1000)) return fail('limit: Input should be an integer from 1 to 1000');
  }
  const cursors = ['page', 'after_id', 'before_id'].filter((name) => query.has(name));
  if (cursors.length > 1) return fail(`${cursors.join(' and ')} cannot be given together`);
  const name = cursors[0];
  const id = name === undefined ? null : query.get(name);
  return {
    ok: true,
    page: (files) => {
      let start = 0;
      let end = files.length;
      if (id !== null) {
        const at = files.findIndex((file) => file.id === id);
        if (at < 0) return { data: [], has_more: false, first_id: null, last_id: null, next_page: null };
        if (name === 'before_id') end = at;
        else start = at + 1;
      }
      const from = name === 'before_id' ? Math.max(start, end - limit) : start;
      const data = files.slice(from, Math.min(end, from + limit));
      const hasMore = name === 'before_id' ? from > start : from + limit < end;
      const last = data.at(-1)?.id ?? null;
      return {
        data,
        has_more: hasMore,
        first_id: data[0]?.id ?? null,
        last_id: last,
        next_page: name !== 'before_id' && hasMore ? last : null,
      };
    },
  };
}
