/** `/v1/messages/batches`, `/v1/messages/batches/{id}`, `/v1/messages/batches/{id}/(cancel|results)`. */
const route = /^\/v1\/messages\/batches(?:\/([^/]+)(?:\/(cancel|results))?)?$/;

/** What a request to the batch routes asks for. */
export type BatchOperation =
  | { readonly kind: 'create' }
  | { readonly kind: 'list' }
  | { readonly kind: 'retrieve' | 'delete' | 'cancel' | 'results'; readonly id: string }
  | { readonly kind: 'unknown' };

/** Whether `path` (without its query) is one of the batch routes. */
export const isBatchPath = (path: string): boolean => route.test(path);

/** The operation of a method and a path under `/v1/messages/batches` (`unknown` for any other pair). */
export function batchOperationOf(method: string, path: string): BatchOperation {
  const [, rawId, action] = route.exec(path) ?? [];
  if (rawId === undefined) {
    if (method === 'POST') return { kind: 'create' };
    return method === 'GET' ? { kind: 'list' } : { kind: 'unknown' };
  }
  let id = rawId;
  try {
    id = decodeURIComponent(rawId);
  } catch {
    // A malformed escape is looked up as it is (and found nowhere).
  }
  const pair = `${method} ${action ?? ''}`;
  switch (pair) {
    case 'GET ':
      return { kind: 'retrieve', id };
    case 'DELETE ':
      return { kind: 'delete', id };
    case 'POST cancel':
      return { kind: 'cancel', id };
    case 'GET results':
      return { kind: 'results', id };
    default:
      return { kind: 'unknown' };
  }
}
