import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadWorkflowCatalog, WorkflowFileError } from '@quarry/workflow-files';

/** What loading the DocuBench schemas as data workflows came to. */
export interface DocubenchWorkflowsCheck {
  readonly schemas: number;
  /** Schemas that loaded as data workflows (all of them, or the check failed). */
  readonly loaded: number;
  /** Labels that fit their workflow's output schema, as the worker would check an answer. */
  readonly labelsValid: number;
  /** Why the set did not load, or which labels do not fit (`<id>: path: message`). */
  readonly problems: readonly string[];
}

/** A workflow name from a DocuBench task id (`1ZVqiyJZ` → `docubench-1zvqiyjz`). */
const nameOf = (id: string) => `docubench-${id.toLowerCase().replace(/[^a-z0-9-]/g, '-')}`;

/**
 * Loads each of DocuBench's task schemas (`schemas/<id>.json`, draft-07) as the output of a data
 * workflow through the same loader as `QUARRY_WORKFLOWS`, then checks each task's label
 * (`labels/<id>.json`) against the loaded output schema.
 */
export async function runDocubenchWorkflowsCheck(options: {
  readonly dir: string;
}): Promise<DocubenchWorkflowsCheck> {
  const ids = (await readdir(join(options.dir, 'schemas')))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
  const workflows = await mkdtemp(join(tmpdir(), 'quarry-docubench-workflows-'));
  try {
    for (const id of ids) {
      const { $schema: _dialect, ...output } = JSON.parse(
        await readFile(join(options.dir, 'schemas', `${id}.json`), 'utf8'),
      );
      const workflow = {
        name: nameOf(id),
        version: 1,
        description: `DocuBench task ${id}`,
        instructions: String(output.description ?? 'Extract the fields of the schema from the document.'),
        output,
      };
      await writeFile(join(workflows, `${nameOf(id)}.workflow.json`), JSON.stringify(workflow));
    }
    let catalog: Awaited<ReturnType<typeof loadWorkflowCatalog>>;
    try {
      catalog = await loadWorkflowCatalog({ paths: [workflows], cwd: workflows });
    } catch (error) {
      if (!(error instanceof WorkflowFileError)) throw error;
      return { schemas: ids.length, loaded: 0, labelsValid: 0, problems: [error.message] };
    }
    const problems: string[] = [];
    let labelsValid = 0;
    for (const id of ids) {
      const workflow = catalog.registry.get(nameOf(id), 1);
      const label = JSON.parse(await readFile(join(options.dir, 'labels', `${id}.json`), 'utf8'));
      const parsed = await workflow.output.safeParseAsync(label);
      if (parsed.success) labelsValid++;
      else {
        const [issue] = parsed.error.issues;
        problems.push(`${id}: ${issue?.path.join('.') || '(label)'}: ${issue?.message}`);
      }
    }
    return { schemas: ids.length, loaded: ids.length, labelsValid, problems };
  } finally {
    await rm(workflows, { recursive: true, force: true });
  }
}
