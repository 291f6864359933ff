import { z } from 'zod';

/**
 * `QUARRY_WORKFLOWS`: workflow files and directories (comma-separated) loaded at start by the
 * worker, the CLI and the dashboard, on top of the shipped workflows. Spread into a program's env schema.
 */
export const workflowsEnv = {
  QUARRY_WORKFLOWS: z
    .string({ error: 'comma-separated workflow files or directories' })
    .transform((value) =>
      value
        .split(',')
        .map((path) => path.trim())
        .filter((path) => path !== ''),
    )
    .optional()
    .describe(
      'Workflow files and directories, comma-separated: *.workflow.json, *.workflow.yaml / .yml (workflows as data) and *.workflow.mjs / .js (a defineWorkflow default export), loaded on top of the shipped workflows',
    ),
};
