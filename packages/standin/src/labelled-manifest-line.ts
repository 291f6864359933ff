import { z } from 'zod';

/** A path inside the set's directory, as the manifest writes it. */
const SetPath = z
  .string()
  .min(1)
  .max(1024)
  .refine((path) => !path.includes('\0'), 'must not contain a NUL character');

/** `name` or `name@version` (`invoice`, `invoice@2`). */
const WorkflowRef = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,63}(?:@v?\d{1,7})?$/, 'must be NAME or NAME@VERSION, e.g. invoice or invoice@2');

/**
 * One line of a labelled set's `manifest.jsonl`: the item's `id` (unique in the set), its document
 * as `file` (a path relative to the set's directory) or `text`, `expected` (the correct output: an
 * object, or a path to a JSON file relative to the set), and optionally `workflow` and `tags`.
 * Other keys are ignored.
 */
export const LabelledManifestLine = z
  .looseObject({
    id: z.string().min(1).max(256),
    file: SetPath.optional(),
    text: z
      .string()
      .refine((text) => text.trim() !== '', 'must not be blank')
      .optional(),
    expected: z.union([SetPath, z.record(z.string(), z.unknown())], {
      error: 'must be the expected output (a JSON object) or the path of a JSON file holding it',
    }),
    workflow: WorkflowRef.optional(),
    tags: z.array(z.string().min(1).max(128)).max(64).optional(),
  })
  .refine((line) => (line.file === undefined) !== (line.text === undefined), {
    error: 'give the document as either `file` or `text`, exactly one of them',
  });
export type LabelledManifestLine = z.infer<typeof LabelledManifestLine>;
