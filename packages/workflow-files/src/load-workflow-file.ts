import { type AnyWorkflow, defineWorkflow, GroundingConfigError, WorkflowExampleError } from '@quarry/core';
import { buildDataWorkflow } from './build-data-workflow';
import { loadWorkflowModule } from './load-workflow-module';
import { parseWorkflowText } from './parse-workflow-text';
import { readCappedText } from './read-capped-text';
import type { WorkflowFileProblem } from './workflow-file-error';
import { workflowFileKind } from './workflow-file-kind';

/** One file's workflow, or every problem found in the file. */
export type LoadedFile =
  | { readonly ok: true; readonly workflow: AnyWorkflow }
  | { readonly ok: false; readonly problems: readonly WorkflowFileProblem[] };

/**
 * Loads one workflow file: a data file (JSON or YAML, at most `maxFileBytes`, UTF-8) is parsed and
 * built with {@link buildDataWorkflow}; a module is imported and its default export checked again
 * with `defineWorkflow`.
 * @param options.label - how problems name the file (the path as given)
 */
export async function loadWorkflowFile(options: { path: string; label: string }): Promise<LoadedFile> {
  const file = options.label;
  const fail = (path: string, message: string): LoadedFile => ({
    ok: false,
    problems: [{ file, path, message }],
  });
  const kind = workflowFileKind(options.path);
  if (kind === null) return fail('', 'not a workflow file');
  if (kind === 'module') {
    const loaded = await loadWorkflowModule({ path: options.path });
    if (!loaded.ok) return fail('', loaded.message);
    return recheck(loaded.workflow, file);
  }
  const text = readCappedText(options.path);
  if (typeof text !== 'string') return fail('', text.problem);
  const parsed = parseWorkflowText({ text, format: kind });
  if (!parsed.ok) return { ok: false, problems: parsed.problems.map((problem) => ({ file, ...problem })) };
  const built = await buildDataWorkflow({ value: parsed.value });
  if (!built.ok) return { ok: false, problems: built.problems.map((problem) => ({ file, ...problem })) };
  return built;
}

function recheck(workflow: AnyWorkflow, file: string): LoadedFile {
  try {
    return { ok: true, workflow: defineWorkflow(workflow) };
  } catch (error) {
    if (
      error instanceof TypeError ||
      error instanceof WorkflowExampleError ||
      error instanceof GroundingConfigError
    ) {
      return { ok: false, problems: [{ file, path: '', message: error.message }] };
    }
    throw error;
  }
}
