import type { ModelTable } from '@quarry/core';
import { modelsFileVariable, neutralText, parseModelsFile } from './models-file';
import type { EnvParseResult } from './parse-env';
import { readFileCapped } from './read-file-capped';

/** Largest models file read (1 MiB). */
export const maxModelsFileBytes = 1024 * 1024;

/** Options of {@link readModelsFile}. */
export interface ReadModelsFileOptions {
  /** The file named by `QUARRY_MODELS_FILE`, relative to the working directory or absolute. */
  readonly path: string;
  /** The table the file's entries are merged over (usually `defaultModelTable`). */
  readonly base: ModelTable;
}

const reasons: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EISDIR: 'a directory',
  ENOTDIR: 'a path through something that is not a directory',
};

/**
 * Reads and checks the models file (see `parseModelsFile`): a missing, unreadable, too large or
 * invalid file is a problem naming `QUARRY_MODELS_FILE`, the path and what is wrong.
 */
export function readModelsFile(options: ReadModelsFileOptions): EnvParseResult<ModelTable> {
  const where = `"${neutralText(options.path, 200)}"`;
  const unreadable = (reason: string): EnvParseResult<ModelTable> => ({
    ok: false,
    problems: [
      {
        variable: modelsFileVariable,
        expected: 'a readable JSON file of model entries (see docs/models.md)',
        received: `${where} (${reason})`,
      },
    ],
  });
  let text: string;
  try {
    const read = readFileCapped({ path: options.path, maxBytes: maxModelsFileBytes });
    if (read.kind === 'not-a-file') return unreadable('not a regular file');
    if (read.kind === 'too-large') return unreadable(`${read.size} bytes, over ${maxModelsFileBytes}`);
    text = read.bytes.toString('utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    return unreadable(reasons[code] ?? `cannot be read: ${code || neutralText((error as Error).message)}`);
  }
  const parsed = parseModelsFile({ text, base: options.base });
  if (parsed.ok) return parsed;
  return {
    ok: false,
    problems: parsed.problems.map((problem) => ({ ...problem, expected: `${where}: ${problem.expected}` })),
  };
}
