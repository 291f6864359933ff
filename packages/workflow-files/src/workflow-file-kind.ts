/** How a workflow file is read, from its name; null for any other file. */
export type WorkflowFileKind = 'json' | 'yaml' | 'module';

const SUFFIXES: readonly (readonly [string, WorkflowFileKind])[] = [
  ['.workflow.json', 'json'],
  ['.workflow.yaml', 'yaml'],
  ['.workflow.yml', 'yaml'],
  ['.workflow.mjs', 'module'],
  ['.workflow.js', 'module'],
];

/** The names a workflow file may end with, for messages. */
export const workflowFileSuffixes = SUFFIXES.map(([suffix]) => suffix);

export function workflowFileKind(name: string): WorkflowFileKind | null {
  return SUFFIXES.find(([suffix]) => name.endsWith(suffix))?.[1] ?? null;
}
