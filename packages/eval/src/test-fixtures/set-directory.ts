import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { LabelledSetError } from '../labelled/labelled-set-error';
import type { LabelledSetLimitsInput } from '../labelled/labelled-set-limits';
import type { LabelledSetProblem } from '../labelled/labelled-set-problem';
import { readLabelledDirectory } from '../labelled/read-labelled-directory';

/** A file of a test set: text or bytes, or a symbolic link to `link` (relative to the set, or absolute). */
export type SetFile = string | Uint8Array | { readonly link: string };

/** A temporary directory (real path) holding `files` by relative path; `remove` deletes it. */
export interface SetDirectory {
  readonly dir: string;
  /** A directory beside the set (outside it), for links that lead out. */
  readonly outside: string;
  remove(): void;
}

/** Makes a set directory of `files`, and a directory outside it holding `secret.pdf` and `secret.json`. */
function setDirectory(files: Readonly<Record<string, SetFile>>): SetDirectory {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'quarry-eval-set-')));
  const dir = join(base, 'set');
  const outside = join(base, 'outside');
  mkdirSync(dir);
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.pdf'), '%PDF-1.7 secret');
  writeFileSync(join(outside, 'secret.json'), '{"secret":"yes"}');
  for (const [path, content] of Object.entries(files)) {
    const target = join(dir, path);
    mkdirSync(dirname(target), { recursive: true });
    if (typeof content === 'object' && 'link' in content) symlinkSync(content.link, target);
    else writeFileSync(target, content);
  }
  return { dir, outside, remove: () => rmSync(base, { recursive: true, force: true }) };
}

/** A manifest of JSON lines. */
export const manifest = (...lines: readonly unknown[]): string =>
  `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`;

/** The error of a set directory that cannot be used (fails the test when it can). */
export async function refused(dir: string, limits?: LabelledSetLimitsInput): Promise<LabelledSetError> {
  const error = await readLabelledDirectory({ dir, ...(limits ? { limits } : {}) }).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(LabelledSetError);
  return error as LabelledSetError;
}

/** The problems of a set directory that cannot be used, without their messages. */
export async function problemsOf(dir: string, limits?: LabelledSetLimitsInput) {
  return (await refused(dir, limits)).problems.map(({ severity, kind, line, file }) => ({
    severity,
    kind,
    line,
    file,
  }));
}

/** An error problem as `problemsOf` lists it. */
export const error = (kind: LabelledSetProblem['kind'], line: number | null, file: string | null = null) => ({
  severity: 'error',
  kind,
  line,
  file,
});

/** Sets made by a test, removed after it. */
export function setsOfTest(): (files: Record<string, SetFile>) => SetDirectory {
  const made: SetDirectory[] = [];
  afterEach(() => {
    for (const set of made.splice(0)) set.remove();
  });
  return (files) => {
    const set = setDirectory(files);
    made.push(set);
    return set;
  };
}
