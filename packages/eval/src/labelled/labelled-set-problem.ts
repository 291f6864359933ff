import { z } from 'zod';

/**
 * What is wrong in a labelled set directory:
 * - `not-a-directory`: the set directory is missing or not a directory;
 * - `no-items`: a set without a single item;
 * - `too-many-lines`, `too-many-files`, `too-large`: past a limit (`LabelledSetLimits`);
 * - `not-json`: a manifest line or an expected output file that does not parse as JSON;
 * - `bad-item`: a manifest line that is JSON but not an item (each wrong member named);
 * - `duplicate-id`: an id used by an earlier item;
 * - `outside-directory`: a path that is absolute, climbs out with `..`, or leads out through a
 *   symbolic link;
 * - `not-found`, `not-a-file`, `unreadable`: a path that names nothing, something other than a regular
 *   file, or a file the process may not read;
 * - `unknown-media-type`: a document whose extension is not pdf, png, jpg, jpeg, gif, webp, txt or md;
 * - `not-utf8`: a text document or expected output file that is not UTF-8;
 * - `empty-document`: a document file of no bytes, or a text document of only whitespace;
 * - `bad-expected`: an expected output that is not a JSON object or that scoring would refuse;
 * - `no-expected`: (skipped) a document without an expected output;
 * - `no-document`: (skipped) an expected output without a document;
 * - `ignored`: (skipped) an entry of a directory without a manifest that is neither a document nor an
 *   expected output.
 */
export const LabelledSetProblemKind = z.enum([
  'not-a-directory',
  'no-items',
  'too-many-lines',
  'too-many-files',
  'too-large',
  'not-json',
  'bad-item',
  'duplicate-id',
  'outside-directory',
  'not-found',
  'not-a-file',
  'unreadable',
  'unknown-media-type',
  'not-utf8',
  'empty-document',
  'bad-expected',
  'no-expected',
  'no-document',
  'ignored',
]);
export type LabelledSetProblemKind = z.infer<typeof LabelledSetProblemKind>;

/**
 * One problem of a labelled set: `error` makes the set unusable (nothing is returned), `skipped` left
 * one entry out. `line` is the manifest line (from 1), `file` the path relative to the set directory
 * (as written in the manifest, or as found); either null when it does not apply. `message` says what is
 * wrong without quoting the set's content (file names aside).
 */
export const LabelledSetProblem = z.object({
  severity: z.enum(['error', 'skipped']),
  kind: LabelledSetProblemKind,
  line: z.int().min(1).nullable(),
  file: z.string().nullable(),
  message: z.string(),
});
export type LabelledSetProblem = z.infer<typeof LabelledSetProblem>;

/** Where a problem is, for {@link labelledSetProblem}. */
export interface ProblemPlace {
  readonly line?: number;
  readonly file?: string;
}

/** A problem, `line` and `file` null when not given. */
export function labelledSetProblem(
  severity: LabelledSetProblem['severity'],
  kind: LabelledSetProblemKind,
  place: ProblemPlace,
  message: string,
): LabelledSetProblem {
  return { severity, kind, line: place.line ?? null, file: place.file ?? null, message };
}
