import { type AnyWorkflow, WorkflowRegistry } from '@quarry/core';
import { workflows as shippedWorkflows } from '@quarry/workflows';
import { listWorkflowFiles } from './list-workflow-files';
import { loadWorkflowFile } from './load-workflow-file';
import { WorkflowFileError, type WorkflowFileProblem } from './workflow-file-error';

/** Where a workflow comes from: `shipped` with Quarry, or the file it was loaded from. */
export type WorkflowSource = { readonly kind: 'shipped' } | { readonly kind: 'file'; readonly file: string };

/** The workflows a process serves: the shipped ones and those loaded from files, with their sources. */
export interface WorkflowCatalog {
  readonly registry: WorkflowRegistry;
  sourceOf(workflow: AnyWorkflow): WorkflowSource;
}

/** Options of {@link loadWorkflowCatalog}. */
export interface LoadWorkflowCatalogOptions {
  /** Files and directories (`QUARRY_WORKFLOWS`); none: the shipped workflows only. */
  readonly paths: readonly string[];
  /** Relative paths are read from here. */
  readonly cwd: string;
  /** The workflows the files join. Default: the shipped ones. */
  readonly shipped?: readonly AnyWorkflow[];
}

/**
 * Loads every workflow file the paths name and joins them to the shipped workflows. All files are
 * read and checked before anything is returned: a process never starts with part of its workflows.
 * The same name and version twice (in two files, or a file and a shipped workflow) is a problem
 * naming both.
 * @throws WorkflowFileError listing every problem of every file.
 */
export async function loadWorkflowCatalog(options: LoadWorkflowCatalogOptions): Promise<WorkflowCatalog> {
  const listed = listWorkflowFiles(options);
  const problems: WorkflowFileProblem[] = [...listed.problems];
  const sources = new Map<AnyWorkflow, WorkflowSource>();
  const byId = new Map<string, string>();
  for (const workflow of options.shipped ?? shippedWorkflows) {
    sources.set(workflow, { kind: 'shipped' });
    byId.set(`${workflow.name}@v${workflow.version}`, 'the shipped workflows');
  }
  for (const file of listed.files) {
    const loaded = await loadWorkflowFile({ path: file, label: file });
    if (!loaded.ok) {
      problems.push(...loaded.problems);
      continue;
    }
    const id = `${loaded.workflow.name}@v${loaded.workflow.version}`;
    const first = byId.get(id);
    if (first !== undefined) {
      problems.push({ file, path: 'name', message: `${id} is defined twice: in ${first} and in ${file}` });
      continue;
    }
    byId.set(id, file);
    sources.set(loaded.workflow, { kind: 'file', file });
  }
  if (problems.length > 0) throw new WorkflowFileError({ problems });
  const registry = new WorkflowRegistry([...sources.keys()]);
  return { registry, sourceOf: (workflow) => sources.get(workflow) ?? { kind: 'shipped' } };
}
