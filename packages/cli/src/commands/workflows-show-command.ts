import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { switchFlag } from '../flag-schemas';
import { workflowsEnvironmentHelp } from './workflows-environment-help';

const WORKFLOW_ID = /^([a-z][a-z0-9-]{0,63})(?:@v?(\d{1,7}))?$/;

export const WorkflowsShowFlags = z.object({
  jsonSchema: switchFlag,
  args: z.tuple([
    z
      .string()
      .regex(WORKFLOW_ID, { error: 'the workflow must be NAME or NAME@VERSION, e.g. receipt or receipt@2' })
      .transform((id) => {
        const [, name = '', version] = WORKFLOW_ID.exec(id) ?? [];
        return { name, version: version === undefined ? null : Number(version) };
      }),
  ]),
});

/** `quarry workflows show`: one workflow's output JSON Schema, or a summary and the request Quarry sends. */
export const workflowsShowCommand = defineCommand({
  name: 'workflows show',
  summary: "one workflow's output JSON Schema, or its summary and the request Quarry sends",
  description: `Shows one workflow (the latest version unless NAME@VERSION names one). With --json-schema,
prints only the JSON Schema of its output: what a producer in any language can generate its result
type from. Without it, prints a summary (source, model, lane, rules) and the request of a job's first
attempt (system prompt, output schema as sent, the document shown as a placeholder).`,
  usage: 'NAME[@VERSION] [--json-schema]',
  arguments: [{ name: '<workflow>', description: 'NAME or NAME@VERSION' }],
  options: () => [new Option('--json-schema', 'print only the JSON Schema of the output')],
  flags: WorkflowsShowFlags,
  examples: [
    'quarry workflows show invoice',
    'quarry workflows show receipt@1 --json-schema > receipt.schema.json',
  ],
  helpAfter: workflowsEnvironmentHelp,
  run: async (flags, context) => (await import('./workflows-show-run')).workflowsShow(flags, context),
});
