import { ConfigError, parseEnv } from '@quarry/env';
import { loadWorkflowCatalog, type WorkflowCatalog, workflowsEnv } from '@quarry/workflow-files';
import { z } from 'zod';
import type { CliContext } from './cli-context';

const CliWorkflowsEnv = z.object(workflowsEnv);

/**
 * The workflows the CLI knows: the shipped ones and those `QUARRY_WORKFLOWS` names (relative to
 * the working directory), as the worker loads them, so producers are checked against the same input schemas.
 * @throws ConfigError for a bad variable; WorkflowFileError listing every problem of every file.
 */
export async function cliWorkflowCatalog(context: Pick<CliContext, 'env' | 'cwd'>): Promise<WorkflowCatalog> {
  const parsed = parseEnv({ schema: CliWorkflowsEnv, env: context.env });
  if (!parsed.ok) throw new ConfigError({ program: 'CLI', problems: parsed.problems });
  return loadWorkflowCatalog({ paths: parsed.value.QUARRY_WORKFLOWS ?? [], cwd: context.cwd });
}
