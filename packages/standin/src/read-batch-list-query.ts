import type { BatchCursor } from './batch-store';
import { batchLimits } from './batch-wire';

export type BatchListQuery =
  | { readonly ok: true; readonly cursor: BatchCursor; readonly limit: number }
  | { readonly ok: false; readonly message: string };

const shown = (text: string): string => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/**
 * Reads the query of `GET /v1/messages/batches`: `limit` (a whole number from 1 to 1000, default
 * 20) and at most one of `before_id` and `after_id`, each an id of a batch this stand-in made
 * (ids keep their place even once the batch is gone). Names the first problem for a 400.
 */
export function readBatchListQuery(
  query: URLSearchParams,
  sequenceOf: (id: string) => number | null,
): BatchListQuery {
  const fail = (message: string): BatchListQuery => ({ ok: false, message });
  for (const name of ['limit', 'before_id', 'after_id'])
    if (query.getAll(name).length > 1) return fail(`${name}: give it at most once`);
  const limitText = query.get('limit');
  let limit: number = batchLimits.listDefaultLimit;
  if (limitText !== null) {
    if (!/^\d{1,7}$/.test(limitText))
      return fail(`limit: Input should be a valid integer, not ${shown(limitText)}`);
    limit = Number(limitText);
    if (limit < 1 || limit > batchLimits.listMaxLimit)
      return fail(`limit: Input should be from 1 to ${batchLimits.listMaxLimit}, not ${limit}`);
  }
  const before = query.get('before_id');
  const after = query.get('after_id');
  if (before !== null && after !== null) return fail('before_id and after_id cannot both be given');
  const id = before ?? after;
  if (id === null) return { ok: true, cursor: { kind: 'newest' }, limit };
  const name = before !== null ? 'before_id' : 'after_id';
  const sequence = sequenceOf(id);
  if (sequence === null)
    return fail(`${name}: ${shown(id)} is not the id of a message batch of this stand-in`);
  return { ok: true, cursor: { kind: before !== null ? 'before' : 'after', sequence }, limit };
}
