import type { IncomingMessage, ServerResponse } from 'node:http';
import { basename } from 'node:path';
import { apiKeyOf } from './api-key-of';
import type { FileStore } from './file-store';
import { readBody, sendError, sendJson } from './http-io';
import { readFileListQuery } from './read-file-list-query';
import { sniffMediaType } from './sniff-media-type';

/** True for the Files API's paths (`/v1/files`, `/v1/files/<id>`, `/v1/files/<id>/content`). */
export const isFilesPath = (path: string): boolean => path === '/v1/files' || path.startsWith('/v1/files/');

/** Multipart framing allowed on top of the file itself. */
const formOverheadBytes = 1024 * 1024;

type Answer = (status: number, body: unknown) => void;
type Fail = (status: number, message: string, details?: Record<string, unknown>) => void;

/**
 * The Files API: `POST /v1/files` (multipart, field `file`, optional `expires_in_seconds`),
 * `GET /v1/files` (newest first; `limit`, `after_id`, `before_id`, `page`), `GET /v1/files/<id>`,
 * `GET /v1/files/<id>/content` (400 `file_not_downloadable` for uploads, as on the API) and
 * `DELETE /v1/files/<id>`. Unknown ids answer 404 `not_found_error`, another key 401.
 */
export async function handleFiles(
  request: IncomingMessage,
  response: ServerResponse,
  context: {
    readonly requestId: string;
    readonly path: string;
    readonly store: FileStore;
    readonly maxFileBytes: number;
    readonly apiKey: string | null;
  },
): Promise<void> {
  const { requestId, store } = context;
  const answer: Answer = (status, body) => sendJson(response, { status, requestId, body });
  const fail: Fail = (status, message, details) =>
    sendError(response, { status, requestId, message, details });
  if (context.apiKey !== null && apiKeyOf(request) !== context.apiKey) {
    request.resume();
    return fail(401, 'invalid x-api-key');
  }
  const [id, sub, ...rest] = context.path.slice('/v1/files/'.length).split('/');
  const method = request.method ?? 'GET';
  if (context.path === '/v1/files') {
    if (method === 'POST') return upload(request, { ...context, answer, fail });
    request.resume();
    if (method !== 'GET') return fail(405, `${method} /v1/files is not allowed`);
    const query = readFileListQuery(new URL(request.url ?? '/', 'http://standin').searchParams);
    if (!query.ok) return fail(400, query.message);
    return answer(200, query.page(store.list()));
  }
  request.resume();
  if (!id || rest.length > 0 || (sub !== undefined && sub !== 'content'))
    return fail(404, `${method} ${context.path} is not served here`);
  const file = store.get(id);
  if (!file) return fail(404, `File not found: ${id}`);
  if (sub === 'content') {
    if (method !== 'GET') return fail(405, `${method} is not allowed on file content`);
    return fail(400, `File ${id} is not downloadable: only files created by tools can be downloaded`, {
      error_code: 'file_not_downloadable',
    });
  }
  if (method === 'GET') return answer(200, file.metadata);
  if (method === 'DELETE') {
    store.delete(id);
    return answer(200, { id, type: 'file_deleted' });
  }
  return fail(405, `${method} is not allowed on a file`);
}

async function upload(
  request: IncomingMessage,
  context: {
    readonly store: FileStore;
    readonly maxFileBytes: number;
    readonly answer: Answer;
    readonly fail: Fail;
  },
): Promise<void> {
  const { fail, store } = context;
  const raw = await readBody(request, context.maxFileBytes + formOverheadBytes);
  if (raw === null) return fail(413, `File exceeds the maximum size of ${context.maxFileBytes} bytes`);
  let form: FormData;
  try {
    const headers = { 'content-type': request.headers['content-type'] ?? '' };
    form = await new Response(raw, { headers }).formData();
  } catch {
    return fail(400, 'The request body must be multipart/form-data with a "file" field');
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') return fail(400, 'file: Field required');
  const expires = readExpiresIn(form.get('expires_in_seconds'));
  if (expires === undefined)
    return fail(400, 'expires_in_seconds: Input should be an integer from 3600 to 7776000');
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.length === 0) return fail(400, 'file: the file is empty');
  const mimeType = sniffMediaType(bytes) ?? (file.type || 'application/octet-stream');
  const filename = basename(file.name.replaceAll('\\', '/')) || 'unnamed';
  const stored = store.add({ filename: filename.slice(0, 500), mimeType, bytes, expiresInSeconds: expires });
  if (stored === 'too_large')
    return fail(413, `File exceeds the maximum size of ${context.maxFileBytes} bytes`);
  if (stored === 'quota')
    return fail(400, 'The file storage quota is exhausted: delete files to free up space', {
      error_code: 'storage_quota_exceeded',
    });
  context.answer(200, stored.metadata);
}

/** Null when absent, the seconds when valid (3600 to 7,776,000), undefined when invalid. */
function readExpiresIn(value: ReturnType<FormData['get']>): number | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'string' || !/^\d{1,8}$/.test(value)) return undefined;
  const seconds = Number(value);
  return seconds >= 3600 && seconds <= 7_776_000 ? seconds : undefined;
}
