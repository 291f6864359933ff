import { resolve } from 'node:path';
import { sniffFileType } from '@quarry/client';
import { DocumentMediaType } from '@quarry/core';
import { readFileCapped } from '@quarry/env';
import { decodeUtf8 } from '../decode-utf8';
import { InvalidUtf8Error } from '../invalid-utf8-error';
import { UsageError } from '../usage-error';

/** Largest text `--file`: a job's data is at most 1 MiB as JSON, so a larger text cannot be enqueued. */
export const maxDocumentFileBytes = 1024 * 1024;

/** Where `quarry enqueue` takes the document from: `--file <path>` or `--text <string>`. */
export type DocumentSource = { readonly file: string } | { readonly text: string };

/** What `--file` or `--text` gave: text for `{ text }`, or a document (PDF or image) by its bytes. */
export type ReadDocument =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'document'; readonly bytes: Uint8Array; readonly mediaType: DocumentMediaType };

const takes = 'quarry enqueue takes PDF, PNG, JPEG, WebP or GIF documents, or UTF-8 text';

/**
 * The document: `--text`, or the file, whose type is told from its bytes (never its name): a PDF or
 * an image as a document of at most `maxDocumentBytes`, anything else as strict UTF-8 text.
 * @throws UsageError naming an unreadable, empty or too large file, a file of another type (a ZIP…),
 *   or the byte offset where a file stops being UTF-8.
 */
export async function readDocument(options: {
  readonly source: DocumentSource;
  readonly cwd: string;
  /** Largest document (`QUARRY_BLOB_MAX_BYTES`). */
  readonly maxDocumentBytes: number;
}): Promise<ReadDocument> {
  const { source } = options;
  if ('text' in source) return { kind: 'text', text: source.text };
  const path = resolve(options.cwd, source.file);
  const maxBytes = Math.max(options.maxDocumentBytes, maxDocumentFileBytes);
  let bytes: Buffer;
  try {
    const read = readFileCapped({ path, maxBytes });
    if (read.kind === 'not-a-file') throw new UsageError(`--file ${source.file} is not a regular file`);
    if (read.kind === 'too-large') {
      throw new UsageError(
        `--file ${source.file} is ${read.size} bytes; a document is at most ${options.maxDocumentBytes} (QUARRY_BLOB_MAX_BYTES), a text at most ${maxDocumentFileBytes} (1 MiB)`,
      );
    }
    bytes = read.bytes;
  } catch (cause) {
    if (cause instanceof UsageError) throw cause;
    const code = (cause as { code?: unknown }).code;
    throw new UsageError(`cannot read --file ${source.file}${typeof code === 'string' ? ` (${code})` : ''}`, {
      cause,
    });
  }
  if (bytes.byteLength === 0) throw new UsageError(`--file ${source.file} is empty (0 bytes)`);
  const sniffed = await sniffFileType(bytes);
  const mediaType = DocumentMediaType.safeParse(sniffed?.mime);
  if (mediaType.success) {
    if (bytes.byteLength > options.maxDocumentBytes) {
      throw new UsageError(
        `--file ${source.file} is a document (${mediaType.data}) of ${bytes.byteLength} bytes; documents are at most ${options.maxDocumentBytes} (QUARRY_BLOB_MAX_BYTES)`,
      );
    }
    return { kind: 'document', bytes, mediaType: mediaType.data };
  }
  if (bytes.byteLength > maxDocumentFileBytes) {
    throw new UsageError(
      `--file ${source.file} is ${bytes.byteLength} bytes; a job holds at most ${maxDocumentFileBytes} (1 MiB)`,
    );
  }
  // A file of another type (a ZIP, a TIFF, a Word file) is binary: it holds NUL bytes or is not UTF-8.
  const unsupported = () =>
    new UsageError(`--file ${source.file} is ${sniffed?.mime} (.${sniffed?.ext}); ${takes}`);
  if (sniffed && bytes.includes(0)) throw unsupported();
  try {
    return { kind: 'text', text: decodeUtf8(bytes) };
  } catch (cause) {
    if (!(cause instanceof InvalidUtf8Error)) throw cause;
    if (sniffed) throw unsupported();
    throw new UsageError(
      `--file ${source.file} is not UTF-8 text: ${cause.message}; convert it to UTF-8 (or extract its text) first`,
      { cause },
    );
  }
}
