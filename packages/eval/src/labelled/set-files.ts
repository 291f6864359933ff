import { extname } from 'node:path';
import { type DocumentMediaType, locateJsonError } from '@quarry/core';
import { readFileCapped } from '@quarry/env';
import { scoreExtraction } from '../score-extraction';
import { ScoreInputError } from '../score-input-error';
import type { LabelledDocument } from './labelled-directory-item';
import type { LabelledSetLimits } from './labelled-set-limits';
import type { LabelledSetProblemKind } from './labelled-set-problem';
import { resolveSetFile } from './set-paths';

/** A value read from the set, or why not. */
export type SetRead<T> =
  | { readonly kind: 'read'; readonly value: T }
  | { readonly kind: 'problem'; readonly problem: LabelledSetProblemKind; readonly message: string };

const problem = (kind: LabelledSetProblemKind, message: string) =>
  ({ kind: 'problem', problem: kind, message }) as const;

/** Document types by lower-case extension; `text` is read as UTF-8. */
const FILE_TYPES = new Map<string, DocumentMediaType | 'text'>([
  ['pdf', 'application/pdf'],
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['txt', 'text'],
  ['md', 'text'],
]);

/** The document type of a file name by its extension; undefined for any other. */
export const fileTypeOf = (name: string): DocumentMediaType | 'text' | undefined =>
  FILE_TYPES.get(extname(name).slice(1).toLowerCase());

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** Reads a file of the set (resolved inside `root`) of at most `maxBytes`, as UTF-8 text. */
async function readSetText(root: string, written: string, maxBytes: number): Promise<SetRead<string>> {
  const resolved = await resolveSetFile(root, written);
  if (resolved.kind === 'problem') return resolved;
  if (resolved.size > maxBytes) return problem('too-large', `over ${maxBytes} bytes`);
  let read: ReturnType<typeof readFileCapped>;
  try {
    read = readFileCapped({ path: resolved.path, maxBytes });
  } catch {
    return problem('unreadable', 'cannot be read');
  }
  if (read.kind === 'not-a-file') return problem('not-a-file', 'not a regular file');
  if (read.kind === 'too-large') return problem('too-large', `over ${maxBytes} bytes`);
  try {
    return { kind: 'read', value: utf8.decode(read.bytes) };
  } catch {
    return problem('not-utf8', 'not UTF-8 text');
  }
}

/** A document named in the set: a `.txt`/`.md` file as text, a PDF or image by its real path. */
export async function readSetDocument(
  root: string,
  written: string,
  limits: LabelledSetLimits,
): Promise<SetRead<LabelledDocument>> {
  const type = fileTypeOf(written);
  if (type === undefined)
    return problem(
      'unknown-media-type',
      'not a known document type (pdf, png, jpg, jpeg, gif, webp, txt, md)',
    );
  if (type === 'text') {
    const read = await readSetText(root, written, limits.maxTextBytes);
    if (read.kind === 'problem') return read;
    if (read.value.trim() === '') return problem('empty-document', 'an empty text document');
    return { kind: 'read', value: { kind: 'text', text: read.value } };
  }
  const resolved = await resolveSetFile(root, written);
  if (resolved.kind === 'problem') return resolved;
  if (resolved.size === 0) return problem('empty-document', 'an empty file');
  if (resolved.size > limits.maxDocumentBytes)
    return problem('too-large', `over ${limits.maxDocumentBytes} bytes`);
  return { kind: 'read', value: { kind: 'file', path: resolved.path, mediaType: type } };
}

/** An expected output checked: a JSON object that scoring accepts, at most `maxBytes` as JSON. */
export function checkExpected(value: unknown, maxBytes: number): SetRead<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return problem('bad-expected', 'the expected output must be a JSON object');
  if (Buffer.byteLength(JSON.stringify(value)) > maxBytes)
    return problem('too-large', `the expected output is over ${maxBytes} bytes as JSON`);
  try {
    scoreExtraction({ expected: value, extracted: {} });
  } catch (error) {
    if (!(error instanceof ScoreInputError)) throw error;
    const at = error.path === '' ? '' : ` at ${error.path}`;
    return problem('bad-expected', `the expected output cannot be scored${at} (${error.problem})`);
  }
  return { kind: 'read', value: value as Record<string, unknown> };
}

/** An expected output from a JSON file of the set. */
export async function readSetExpected(
  root: string,
  written: string,
  limits: LabelledSetLimits,
): Promise<SetRead<Record<string, unknown>>> {
  const read = await readSetText(root, written, limits.maxExpectedBytes);
  if (read.kind === 'problem') return read;
  const text = read.value;
  const located = locateJsonError(text);
  if (located !== null)
    return problem(
      'not-json',
      `not JSON: line ${located.line}, column ${located.column}: ${located.problem}`,
    );
  return checkExpected(JSON.parse(text), limits.maxExpectedBytes);
}
