import { formatPath } from '@quarry/core';
import { z } from 'zod';
import { LabelledItemId } from './labelled-directory-item';
import { parseWorkflowRef } from './workflow-ref';

const SetPathText = z
  .string()
  .min(1, { error: 'must not be empty' })
  .max(1024, { error: 'must be at most 1024 characters' });

/**
 * One line of `manifest.jsonl`: `id`, the document as `file` (relative to the set directory) or
 * `text`, `expected` (the output object, or the path of a JSON file holding it), optional `workflow`
 * (`name` or `name@version`) and `tags`. Other members are refused (a misspelt member would be lost).
 */
export const ManifestLine = z
  .strictObject({
    id: LabelledItemId,
    file: SetPathText.optional(),
    text: z.string().optional(),
    expected: z.union([SetPathText, z.record(z.string(), z.unknown())], {
      error: 'must be the output object, or the path of a JSON file holding it',
    }),
    workflow: z
      .string()
      .transform((text, context) => {
        const ref = parseWorkflowRef(text);
        if (ref === null)
          context.addIssue({
            code: 'custom',
            message: 'must be NAME or NAME@VERSION, e.g. invoice or invoice@2',
          });
        return ref ?? undefined;
      })
      .optional(),
    tags: z
      .array(
        z.string().min(1, { error: 'must not be empty' }).max(64, { error: 'must be at most 64 characters' }),
      )
      .max(32, { error: 'must list at most 32 tags' })
      .default([]),
  })
  .refine((line) => (line.file === undefined) !== (line.text === undefined), {
    error: 'must have the document as either file or text (one of them)',
  });
export type ManifestLine = z.infer<typeof ManifestLine>;

/** The issues of a manifest line, each with its member's path, as one message. */
export function manifestLineIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = formatPath(issue.path);
      return path === '' ? issue.message : `${path}: ${issue.message}`;
    })
    .join('; ');
}
