import type { TenantSettings } from '@quarry/core';
import { ConfigError, parseEnv } from '@quarry/env';
import { loadTenantsFiles, tenantsEnv } from '@quarry/workflow-files';
import { z } from 'zod';
import type { CliContext } from './cli-context';

const CliTenantsEnv = z.object(tenantsEnv);

/**
 * The tenant settings of the files `QUARRY_TENANTS` names (relative to the working directory), which
 * the `tenants` commands write to Redis before they act, as the worker and the API do at start.
 * @throws ConfigError for a bad variable; WorkflowFileError naming file, tenant and field of every problem.
 */
export function cliTenantsFiles(
  context: Pick<CliContext, 'env' | 'cwd'>,
): ReadonlyMap<string, TenantSettings> {
  const parsed = parseEnv({ schema: CliTenantsEnv, env: context.env });
  if (!parsed.ok) throw new ConfigError({ program: 'CLI', problems: parsed.problems });
  return loadTenantsFiles({ paths: parsed.value.QUARRY_TENANTS ?? [], cwd: context.cwd });
}
