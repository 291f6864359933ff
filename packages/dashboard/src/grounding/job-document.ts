import { documentOf, type WorkflowRegistry } from '@quarry/core';

/**
 * The document text of a job's workflow input, as the model was given it (the text provenance
 * offsets index): the workflow's `document(input)`, else `input.text`; null when neither is a string
 * (an unregistered workflow falls back to `input.text`).
 */
export function jobDocument(options: {
  readonly registry: WorkflowRegistry;
  readonly workflow: string;
  readonly version: number | undefined;
  readonly input: unknown;
}): string | null {
  const { input } = options;
  try {
    return documentOf(options.registry.get(options.workflow, options.version), input);
  } catch {
    const text = typeof input === 'object' && input !== null ? (input as { text?: unknown }).text : undefined;
    return typeof text === 'string' ? text : null;
  }
}
