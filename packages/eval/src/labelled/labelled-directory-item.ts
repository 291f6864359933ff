import { DocumentMediaType } from '@quarry/core';
import { z } from 'zod';
import { WorkflowRef } from './workflow-ref';

/** An item id: 1 to 256 characters, not blank, no control or format characters. */
export const LabelledItemId = z
  .string()
  .min(1, { error: 'must not be empty', abort: true })
  .max(256, { error: 'must be at most 256 characters' })
  .regex(/^[^\p{Cc}\p{Cf}]+$/u, { error: 'must not hold control or format characters' })
  .refine((id) => id.trim() !== '', { error: 'must not be blank' });

/**
 * The document of an item read from a directory: its text (inline in the manifest, or a `.txt`/`.md`
 * file read as UTF-8), or a PDF or image file by its real, absolute path inside the set directory.
 */
export const LabelledDocument = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('file'), path: z.string(), mediaType: DocumentMediaType }),
]);
export type LabelledDocument = z.infer<typeof LabelledDocument>;

/** One item of a labelled set read from a directory (`readLabelledDirectory`). */
export const LabelledDirectoryItem = z.object({
  id: LabelledItemId,
  document: LabelledDocument,
  /** The correct output: a JSON object that scoring accepts. */
  expected: z.record(z.string(), z.unknown()),
  /** The workflow the item is for, when the manifest names one. */
  workflow: WorkflowRef.optional(),
  tags: z.array(z.string()),
});
export type LabelledDirectoryItem = z.infer<typeof LabelledDirectoryItem>;
