import { resolve } from 'node:path';
import { readFileCapped } from '@quarry/env';
import { decodeUtf8 } from '../decode-utf8';
import { InvalidUtf8Error } from '../invalid-utf8-error';
import { UsageError } from '../usage-error';

/** Largest `--file` read: a job's data is at most 1 MiB as JSON, so a larger text cannot be enqueued. */
export const maxDocumentFileBytes = 1024 * 1024;

/** Where `quarry enqueue` takes the document text from: `--file <path>` or `--text <string>`. */
export type DocumentSource = { readonly file: string } | { readonly text: string };

/**
 * The document text: `--text`, or the file read as strict UTF-8.
 * @throws UsageError naming an unreadable file, or the byte offset where a file stops being UTF-8.
 */
export async function readDocumentText(source: DocumentSource, cwd: string): Promise<string> {
  if ('text' in source) return source.text;
  const path = resolve(cwd, source.file);
  let bytes: Buffer;
  try {
    const read = readFileCapped({ path, maxBytes: maxDocumentFileBytes });
    if (read.kind === 'not-a-file') throw new UsageError(`--file ${source.file} is not a regular file`);
    if (read.kind === 'too-large') {
      throw new UsageError(
        `--file ${source.file} is ${read.size} bytes; a job holds at most ${maxDocumentFileBytes} (1 MiB)`,
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
  try {
    return decodeUtf8(bytes);
  } catch (cause) {
    if (!(cause instanceof InvalidUtf8Error)) throw cause;
    throw new UsageError(
      `--file ${source.file} is not UTF-8 text: ${cause.message}; convert it to UTF-8 (or extract its text) first`,
      { cause },
    );
  }
}
