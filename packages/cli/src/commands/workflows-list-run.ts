import { textTable } from '@quarry/env';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { cliWorkflowCatalog } from '../cli-workflow-catalog';
import { exitCodes } from '../exit-codes';
import { workflowRow } from './workflow-row';
import type { WorkflowsListFlags } from './workflows-list-command';

/** Runs `quarry workflows list`. */
export async function workflowsList(
  flags: z.output<typeof WorkflowsListFlags>,
  context: CliContext,
): Promise<number> {
  const catalog = await cliWorkflowCatalog(context);
  const rows = catalog.registry
    .list()
    .map((workflow) => workflowRow(workflow, catalog.sourceOf(workflow)))
    .sort((a, b) => a.name.localeCompare(b.name) || a.version - b.version);
  if (flags.json) {
    context.stdout(`${JSON.stringify({ workflows: rows })}\n`);
    return exitCodes.ok;
  }
  const table = textTable({
    head: ['WORKFLOW', 'VERSION', 'MODEL', 'LANE', 'SOURCE'],
    rows: rows.map((row) => [row.name, `v${row.version}`, row.model, row.lane, row.source]),
    maxWidth: 140,
  });
  context.stdout(`${table}\n`);
  return exitCodes.ok;
}
