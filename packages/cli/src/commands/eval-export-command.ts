import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { blobEnvironmentHelp, cliEnvironmentHelp } from '../environment-help';
import { switchFlag } from '../flag-schemas';
import { setNameArg } from './set-name-arg';

export const EvalExportFlags = z.object({
  args: z.tuple([setNameArg, z.string().min(1, { error: 'the directory must not be empty' })], {
    error: 'give a set and a directory: quarry eval export <set> <dir>',
  }),
  json: switchFlag,
});

/** `quarry eval export`: a stored labelled set as a set directory. */
export const evalExportCommand = defineCommand({
  name: 'eval export',
  summary: 'write a stored labelled set to a directory (manifest.jsonl and documents)',
  description: `Writes a stored labelled set to a new or empty directory as "quarry eval import" reads it:
manifest.jsonl holds one item a line (id, the document as "text" or as "file", the expected output
inline, the workflow as name@version, tags), and each document kept in the blob store is fetched
into documents/<id>.<ext> (file names made safe from the ids). A directory that holds anything is
refused, and nothing is written outside it. Items that cannot be exported (unreadable, or their
document missing from the blob store) are listed and left out.`,
  usage: '<set> <dir> [--json]',
  arguments: [
    { name: '[set]', description: 'the stored set' },
    { name: '[dir]', description: 'the directory to write (new, or empty)' },
  ],
  options: () => [new Option('--json', 'print { set, dir, items, documents, skipped: [{ id, problem }] }')],
  flags: EvalExportFlags,
  examples: ['quarry eval export reviewed-invoice ./sets/reviewed-invoice'],
  helpAfter: `Exit codes: 0 every item was exported, 1 some item was left out (or no such set, a directory
that is not empty; bad usage, Redis unavailable).

${cliEnvironmentHelp}
${blobEnvironmentHelp}`,
  run: async (flags, context) => (await import('./eval-export-run')).evalExport(flags, context),
});
