import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The development corpus: `QUARRY_CORPUS_DIR` (relative to the repository root), else
 * `../shared/corpus` beside the repository. It may not exist; callers check its parts.
 */
export function corpusDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.QUARRY_CORPUS_DIR?.trim();
  return resolve(repositoryRoot, configured ? configured : '../shared/corpus');
}
