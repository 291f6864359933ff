import { z } from 'zod';
import { BlobKey } from '../document/blob-key';
import { DocumentMediaType } from '../document/document-media-type';
import { JsonValue } from './json-value';

/** Largest `expected` output of a labelled item, in UTF-8 bytes of its JSON. */
export const MAX_EXPECTED_BYTES = 1024 * 1024;
/** Largest labelled item as stored (document text, expected output and the rest), in UTF-8 bytes of its JSON. */
export const MAX_LABELLED_ITEM_BYTES = 3 * 1024 * 1024;

/** Control characters and the bidirectional marks that reorder what is shown: never in an id. */
const CONTROLS = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

/** An item's id, unique in its set (a job id for corrections from review). */
export const LabelledItemId = z
  .string({ error: 'must be an item id: 1-128 characters' })
  .min(1, { error: 'must be an item id: 1-128 characters' })
  .max(128, { error: 'must be an item id: 1-128 characters' })
  .refine((id) => !CONTROLS.test(id), { error: 'must not contain control characters' });
export type LabelledItemId = z.infer<typeof LabelledItemId>;

/** The document of a labelled item: its text inline, or a PDF or image in the blob store by key. */
export const LabelledDocument = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('text'), text: z.string() }),
    z.strictObject({
      kind: z.literal('blob'),
      key: BlobKey,
      mediaType: DocumentMediaType,
      /** The file name it came with, when known. */
      name: z.string().min(1).max(255).optional(),
    }),
  ],
  { error: 'must be { kind: "text", text } or { kind: "blob", key, mediaType, name? }' },
);
export type LabelledDocument = z.infer<typeof LabelledDocument>;

/** The workflow (and version) an item is labelled for. */
export const LabelledWorkflow = z.strictObject({
  name: z.string().regex(/^[a-z][a-z0-9-]{0,63}$/, {
    error: 'must be a workflow name: lower-case letters, digits and dashes',
  }),
  version: z.number().int().positive().optional(),
});
export type LabelledWorkflow = z.infer<typeof LabelledWorkflow>;

/** Where an item came from, when it was not imported: the job a person corrected, when and who. */
export const LabelledSource = z.strictObject({
  jobId: z.string().min(1).max(256).optional(),
  correctedAt: z.iso.datetime().optional(),
  /** The dashboard user, or `cli`. */
  correctedBy: z.string().min(1).max(128).optional(),
});
export type LabelledSource = z.infer<typeof LabelledSource>;

/**
 * One item of a labelled set: a document and the output a correct extraction gives for it. Sets
 * live in Redis (`LabelledSetStore` of `@quarry/queue`); documents stay in the blob store by key.
 */
export const LabelledItem = z.strictObject({
  id: LabelledItemId,
  document: LabelledDocument,
  /** The correct output (any JSON value), checked against the workflow's output schema where known. */
  expected: JsonValue,
  workflow: LabelledWorkflow.optional(),
  tags: z.array(z.string().min(1).max(64)).max(32).default([]),
  source: LabelledSource.optional(),
});
export type LabelledItem = z.infer<typeof LabelledItem>;
/** What callers may pass: `tags` may be left out. */
export type LabelledItemInput = z.input<typeof LabelledItem>;
