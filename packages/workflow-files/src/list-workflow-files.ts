import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { WorkflowFileProblem } from './workflow-file-error';
import { workflowFileKind, workflowFileSuffixes } from './workflow-file-kind';
import { workflowFileLimits } from './workflow-file-limits';

/** The workflow files the paths name, or the paths that name none. */
export interface ListedFiles {
  readonly files: readonly string[];
  readonly problems: readonly WorkflowFileProblem[];
}

/**
 * The files `QUARRY_WORKFLOWS` (or `quarry workflows validate`) names: a file as given (it must end
 * with a workflow suffix), a directory's workflow files (not its subdirectories), sorted by name.
 * A path that does not exist, or a directory without any workflow file, is a problem: a typo must
 * not start a worker without the workflows it was meant to serve.
 */
export function listWorkflowFiles(options: { paths: readonly string[]; cwd: string }): ListedFiles {
  const files: string[] = [];
  const problems: WorkflowFileProblem[] = [];
  for (const given of options.paths) {
    const path = resolve(options.cwd, given);
    const found = filesAt(path);
    if (typeof found === 'string') problems.push({ file: given, path: '', message: found });
    else files.push(...found);
  }
  const unique = [...new Set(files)];
  if (unique.length > workflowFileLimits.maxFiles) {
    problems.push({
      file: options.paths.join(','),
      path: '',
      message: `more than ${workflowFileLimits.maxFiles} workflow files`,
    });
  }
  return { files: unique, problems };
}

function filesAt(path: string): string[] | string {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch {
    return 'no such file or directory';
  }
  const expected = `a workflow file (${workflowFileSuffixes.join(', ')})`;
  if (stat.isFile()) return workflowFileKind(path) ? [path] : `not ${expected}`;
  if (!stat.isDirectory()) return `not a file or a directory; expected ${expected} or a directory of them`;
  const names = readdirSync(path, { withFileTypes: true })
    .filter((entry) => !entry.isDirectory() && workflowFileKind(entry.name) !== null)
    .map((entry) => entry.name)
    .sort();
  return names.length > 0
    ? names.map((name) => join(path, name))
    : `a directory with no ${expected.slice(2)}`;
}
