import {
  type AnyWorkflow,
  childWorkflow,
  documentOf,
  InvalidJobDataError,
  SplitInputError,
  textPages,
} from '@quarry/core';
import type { JobPart } from '@quarry/queue';
import type { ParsedJob } from '../parse-job';

/**
 * A child of a split job as it runs: the parent's workflow narrowed to the child's part
 * (`childWorkflow`: its field group, a note of its pages), its document text cut to its pages when
 * the parent split the text, and, when it runs again after a rule failed on the merged output, the
 * rule's messages added to its instructions. Any other job is returned as it is.
 */
export function splitChildJob(parsed: ParsedJob): ParsedJob {
  const { part } = parsed.data;
  if (!part) return parsed;
  const narrowed = narrow(parsed.workflow, part);
  const windowed =
    part.source === 'text' && part.window ? withTextWindow(narrowed, parsed.workflow, part) : narrowed;
  const feedback = part.feedback ?? [];
  const workflow: AnyWorkflow =
    feedback.length === 0
      ? windowed
      : {
          ...windowed,
          instructions: `${windowed.instructions}\n\nA check of the whole extraction failed on what these pages gave; correct it:\n${feedback.map((line) => `- ${line}`).join('\n')}`,
        };
  return { ...parsed, workflow };
}

/** The child's workflow; a part naming paths the workflow's output lacks is a bad job, not a bug. */
function narrow(workflow: AnyWorkflow, part: JobPart): AnyWorkflow {
  try {
    return childWorkflow(workflow, {
      index: part.index,
      window: part.window,
      paths: part.paths,
      groups: part.groups,
    });
  } catch (error) {
    if (!(error instanceof SplitInputError)) throw error;
    const problems = error.problems.map((problem) => `part: ${problem}`);
    throw new InvalidJobDataError({
      message: `The job's part does not fit ${workflow.name}@v${workflow.version}: ${problems.join('; ')}`,
      problems,
      cause: error,
    });
  }
}

function withTextWindow(narrowed: AnyWorkflow, parent: AnyWorkflow, part: JobPart): AnyWorkflow {
  const window = part.window;
  if (!window) return narrowed;
  return {
    ...narrowed,
    document: (input: unknown) =>
      textPages(documentOf(parent, input))
        .slice(window.firstPage - 1, window.lastPage)
        .join('\f'),
  };
}
