import { documentOfInput } from '../document/document-of-input';
import { JobDocument } from '../document/job-document';
import type { LabelledDocument } from './labelled-item';

/** What a job's input gives a labelled item as its document: one, or why it gives none. */
export type LabelledDocumentOfInput =
  | { readonly type: 'document'; readonly document: LabelledDocument }
  | { readonly type: 'unsupported'; readonly problem: string };

/**
 * The document of a job's input as a labelled item keeps it: a document in the blob store by its
 * key (`input.document` with a `blob` source), else the input's `text`. A document fetched from a
 * URL or sent inline as base64 is not kept (a set refers to documents in the blob store only).
 */
export function labelledDocumentOfInput(input: unknown): LabelledDocumentOfInput {
  const document = documentOfInput(input);
  if (document !== undefined) {
    const parsed = JobDocument.safeParse(document);
    if (!parsed.success) return { type: 'unsupported', problem: "the job's document is unreadable" };
    const { mediaType, source } = parsed.data;
    switch (source.type) {
      case 'blob':
        return { type: 'document', document: { kind: 'blob', key: source.key, mediaType } };
      case 'url':
        return {
          type: 'unsupported',
          problem:
            "the job's document is fetched from a URL; a set keeps text or documents in the blob store only",
        };
      case 'base64':
        return {
          type: 'unsupported',
          problem:
            "the job's document is inline base64; a set keeps text or documents in the blob store only",
        };
    }
  }
  const text =
    typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as { text?: unknown }).text
      : undefined;
  if (typeof text === 'string') return { type: 'document', document: { kind: 'text', text } };
  return { type: 'unsupported', problem: "the job's input holds neither a text nor a document" };
}
