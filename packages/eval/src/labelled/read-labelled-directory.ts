import { realpath, stat } from 'node:fs/promises';
import { z } from 'zod';
import { LabelledDirectoryItem } from './labelled-directory-item';
import { LabelledSetError } from './labelled-set-error';
import { type LabelledSetLimitsInput, labelledSetLimits } from './labelled-set-limits';
import { LabelledSetProblem, labelledSetProblem } from './labelled-set-problem';
import { readLooseDirectory } from './read-loose-directory';
import { readManifest } from './read-manifest';
import { resolveSetFile } from './set-paths';

/** Options of {@link readLabelledDirectory}. */
export interface ReadLabelledDirectoryOptions {
  /** The set directory. */
  readonly dir: string;
  /** What is read at most; see `LabelledSetLimits` for each and its default. */
  readonly limits?: LabelledSetLimitsInput;
}

/**
 * A labelled set read from a directory: `dir` its real path, `source` whether items came from
 * `manifest.jsonl` or from documents paired with expected outputs, `problems` the entries skipped
 * (never an error: a set with one is not returned).
 */
export const LabelledDirectory = z.object({
  dir: z.string(),
  source: z.enum(['manifest', 'directory']),
  items: z.array(LabelledDirectoryItem),
  problems: z.array(LabelledSetProblem),
});
export type LabelledDirectory = z.infer<typeof LabelledDirectory>;

const MANIFEST = 'manifest.jsonl';

async function realDirectory(dir: string): Promise<string | null> {
  try {
    const real = await realpath(dir);
    return (await stat(real)).isDirectory() ? real : null;
  } catch {
    return null;
  }
}

/**
 * Reads a labelled set directory (docs/eval-scoring.md, "Labelled set directories"):
 * - with `manifest.jsonl`: one item a line, `{ id, file | text, expected, workflow?, tags? }`, where
 *   `file` and a string `expected` are paths relative to the directory;
 * - without: each document `NAME.<ext>` (pdf, png, jpg, jpeg, gif, webp, txt, md) with its expected
 *   output `NAME.json` beside it or in `expected/`; unpaired entries are skipped and reported.
 *
 * Every path must stay inside the directory (absolute paths, `..` and symbolic links leading out are
 * refused); `.txt`/`.md` documents are read as UTF-8 text, PDFs and images are returned by real path
 * (checked as regular files within `maxDocumentBytes`, not read). Expected outputs must be JSON objects
 * that scoring accepts.
 *
 * @throws LabelledSetError listing every problem (line or file, kind, what is wrong) when any makes the
 *   set unusable: nothing is returned in part. Skipped entries alone are no error.
 */
export async function readLabelledDirectory(
  options: ReadLabelledDirectoryOptions,
): Promise<LabelledDirectory> {
  const limits = labelledSetLimits(options.limits);
  const fail = (problems: readonly LabelledSetProblem[]): never => {
    throw new LabelledSetError({ dir: options.dir, problems });
  };
  const root = await realDirectory(options.dir);
  if (root === null)
    return fail([
      labelledSetProblem('error', 'not-a-directory', {}, 'the set directory is missing or not a directory'),
    ]);

  const problems: LabelledSetProblem[] = [];
  const manifest = await resolveSetFile(root, MANIFEST);
  const source = manifest.kind === 'problem' && manifest.problem === 'not-found' ? 'directory' : 'manifest';
  let items: LabelledDirectoryItem[];
  if (manifest.kind === 'inside')
    items = await readManifest({ root, manifest: manifest.path, limits, problems });
  else if (source === 'directory') items = await readLooseDirectory({ root, limits, problems });
  else {
    problems.push(
      labelledSetProblem('error', manifest.problem, { file: MANIFEST }, `the manifest: ${manifest.message}`),
    );
    items = [];
  }
  if (!problems.some((problem) => problem.severity === 'error') && items.length === 0)
    problems.push(labelledSetProblem('error', 'no-items', {}, 'the set has no item'));
  if (problems.some((problem) => problem.severity === 'error')) return fail(problems);
  return { dir: root, source, items, problems };
}
