import { pathToFileURL } from 'node:url';
import type { AnyWorkflow } from '@quarry/core';

/** The workflow a module exports, or why it exports none. */
export type LoadedModule =
  | { readonly ok: true; readonly workflow: AnyWorkflow }
  | { readonly ok: false; readonly message: string };

/**
 * Imports a workflow module (`*.workflow.mjs`, `*.workflow.js`): its default export must be a
 * `defineWorkflow(...)` result. A module runs with the process's full rights, like any code the
 * operator deploys; only data files are sandboxed.
 */
export async function loadWorkflowModule(options: { path: string }): Promise<LoadedModule> {
  let exported: unknown;
  try {
    exported = ((await import(pathToFileURL(options.path).href)) as { default?: unknown }).default;
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error);
    return { ok: false, message: `the module fails to load: ${message}` };
  }
  if (!looksLikeWorkflow(exported)) {
    return {
      ok: false,
      message: 'the default export must be a workflow: export default defineWorkflow({ ... })',
    };
  }
  return { ok: true, workflow: exported };
}

function looksLikeWorkflow(value: unknown): value is AnyWorkflow {
  if (value === null || typeof value !== 'object') return false;
  const workflow = value as Partial<Record<keyof AnyWorkflow, unknown>>;
  const isSchema = (schema: unknown) =>
    schema !== null &&
    typeof schema === 'object' &&
    typeof (schema as { safeParse?: unknown }).safeParse === 'function';
  return (
    typeof workflow.name === 'string' &&
    typeof workflow.version === 'number' &&
    typeof workflow.instructions === 'string' &&
    Array.isArray(workflow.rules) &&
    isSchema(workflow.input) &&
    isSchema(workflow.output)
  );
}
