import { randomBytes } from 'node:crypto';
import { type AnyWorkflow, type Lane, WorkflowNotFoundError, type WorkflowRegistry } from '@quarry/core';
import { parseWorkflowRef } from '@quarry/eval';
import { UsageError } from '../usage-error';

/** Longest run id (`EvalRunId`, `evaluation.runId`). */
const MAX_RUN_ID = 64;

/** Default wait for one evaluation job's result, by lane. */
export const evalJobTimeoutMs: Readonly<Record<Lane, number>> = { realtime: 600_000, batch: 90_000_000 };

/** The workflow version `--workflow name[@version]` names. @throws UsageError naming an unknown one. */
export function workflowFromFlag(registry: WorkflowRegistry, text: string): AnyWorkflow {
  const ref = parseWorkflowRef(text);
  if (!ref) throw new UsageError(`--workflow: must be a workflow name, or name@version (got "${text}")`);
  try {
    return registry.get(ref.name, ref.version ?? null);
  } catch (error) {
    if (error instanceof WorkflowNotFoundError)
      throw new UsageError(`--workflow: ${error.message}`, { cause: error });
    throw error;
  }
}

/**
 * A fresh run id, at most 64 characters: `prefix`, the workflow (cut to fit), its version, the time and
 * a random part, e.g. `invoice-v2-20261127T231500-3f9a1c`. Only the name is ever cut, so two runs of
 * the same workflow never share an id.
 */
export function newEvalRunId(options: { readonly workflow: AnyWorkflow; readonly prefix?: string }): string {
  const prefix = options.prefix ?? '';
  const time = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  const tail = `-v${options.workflow.version}-${time}-${randomBytes(3).toString('hex')}`;
  return `${prefix}${options.workflow.name.slice(0, MAX_RUN_ID - prefix.length - tail.length)}${tail}`;
}
