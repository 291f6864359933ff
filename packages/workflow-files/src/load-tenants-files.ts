import { resolve } from 'node:path';
import { type TenantSettings, TenantsFile } from '@quarry/core';
import { parseWorkflowText } from './parse-workflow-text';
import { readCappedText } from './read-capped-text';
import { WorkflowFileError, type WorkflowFileProblem } from './workflow-file-error';

/**
 * Reads the tenant settings files `QUARRY_TENANTS` names (JSON, or YAML for `.yaml`/`.yml`), with
 * the same size, depth and YAML alias guards as workflow files. A tenant named by two files takes the
 * later file's settings.
 * @throws WorkflowFileError naming every problem (file, tenant and field); nothing is returned then.
 */
export function loadTenantsFiles(options: {
  readonly paths: readonly string[];
  readonly cwd: string;
}): Map<string, TenantSettings> {
  const problems: WorkflowFileProblem[] = [];
  const tenants = new Map<string, TenantSettings>();
  for (const given of options.paths) {
    const file = resolve(options.cwd, given);
    const text = readCappedText(file);
    if (typeof text !== 'string') {
      problems.push({ file, path: '', message: text.problem });
      continue;
    }
    const parsed = parseWorkflowText({ text, format: /\.ya?ml$/i.test(file) ? 'yaml' : 'json' });
    if (!parsed.ok) {
      problems.push(...parsed.problems.map((problem) => ({ file, ...problem })));
      continue;
    }
    const checked = TenantsFile.safeParse(parsed.value);
    if (!checked.success) {
      problems.push(
        ...checked.error.issues.map((issue) => ({
          file,
          path: issue.path.map(String).join('.'),
          message: issue.message,
        })),
      );
      continue;
    }
    for (const [tenant, settings] of Object.entries(checked.data.tenants)) tenants.set(tenant, settings);
  }
  if (problems.length > 0) throw new WorkflowFileError({ problems });
  return tenants;
}
