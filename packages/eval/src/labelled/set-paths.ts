import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { LabelledSetProblemKind } from './labelled-set-problem';

/** A path of the set resolved, or why it cannot be used. */
export type SetPath =
  | { readonly kind: 'inside'; readonly path: string; readonly size: number }
  | { readonly kind: 'problem'; readonly problem: LabelledSetProblemKind; readonly message: string };

/** Whether `path` is `root` itself or below it (both absolute, resolved). */
function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return !isAbsolute(rel) && rel.split(sep)[0] !== '..';
}

const fsProblem = (error: unknown): SetPath => {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return problem('not-found', 'no such file');
  if (code === 'ELOOP') return problem('unreadable', 'a loop of symbolic links');
  if (code === 'EACCES' || code === 'EPERM') return problem('unreadable', 'permission denied');
  return problem('unreadable', `cannot be read (${typeof code === 'string' ? code : 'unknown error'})`);
};

const problem = (kind: LabelledSetProblemKind, message: string): SetPath => ({
  kind: 'problem',
  problem: kind,
  message,
});

/**
 * Resolves a path written relative to the set directory (`root`, already a real path) to the real
 * path of a regular file inside it: an absolute path, one that climbs out with `..`, and one whose
 * symbolic links lead out (resolved with realpath) are `outside-directory`. The file is not read.
 */
export function resolveSetFile(root: string, written: string): Promise<SetPath> {
  return resolveSetPath(root, written, 'file');
}

/** As {@link resolveSetFile}, for a directory inside the set directory. */
export function resolveSetDirectory(root: string, written: string): Promise<SetPath> {
  return resolveSetPath(root, written, 'directory');
}

async function resolveSetPath(root: string, written: string, want: 'file' | 'directory'): Promise<SetPath> {
  if (written.includes('\0')) return problem('bad-item', 'a path with a NUL character');
  if (isAbsolute(written) || /^[a-zA-Z]:[\\/]/.test(written) || written.startsWith('\\'))
    return problem('outside-directory', 'an absolute path (paths are relative to the set directory)');
  const joined = resolve(root, written);
  if (!isInside(root, joined))
    return problem('outside-directory', 'a path that leads out of the set directory');
  let real: string;
  try {
    real = await realpath(joined);
  } catch (error) {
    return fsProblem(error);
  }
  if (!isInside(root, real))
    return problem('outside-directory', 'a symbolic link that leads out of the set directory');
  try {
    const stats = await stat(real);
    if (want === 'directory' && !stats.isDirectory()) return problem('not-a-file', 'not a directory');
    if (want === 'file' && !stats.isFile()) return problem('not-a-file', 'not a regular file');
    return { kind: 'inside', path: real, size: stats.size };
  } catch (error) {
    return fsProblem(error);
  }
}
