import { LABELLED_SET_NAME_PATTERN } from '@quarry/core';
import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { blobEnvironmentHelp, cliEnvironmentHelp } from '../environment-help';
import { switchFlag, textFlag } from '../flag-schemas';
import { workflowsEnvironmentHelp } from './workflows-environment-help';

export const EvalImportFlags = z.object({
  args: z.tuple([z.string().min(1, { error: 'the directory must not be empty' })], {
    error: 'give the directory to import: quarry eval import <dir> --out <set>',
  }),
  out: z
    .string({ error: '--out <set> is required' })
    .regex(LABELLED_SET_NAME_PATTERN, { error: 'must be 1-64 letters, digits, "-", "_" or "."' }),
  workflow: textFlag.optional(),
  json: switchFlag,
});

/** `quarry eval import`: a labelled set directory into a stored set. */
export const evalImportCommand = defineCommand({
  name: 'eval import',
  summary: 'store a labelled set from a directory (manifest.jsonl, or documents with NAME.json beside them)',
  description: `Reads a labelled set directory and stores its items in the set --out (items of the same id
are replaced). The directory holds manifest.jsonl, one item a line: id, the document as "file" (a path
inside the directory) or "text", "expected" (the correct output, or the path of a JSON file), and
optionally "workflow" (name or name@version) and "tags"; or, without a manifest, documents NAME.<ext>
(pdf, png, jpg, gif, webp, txt, md) each with its expected output NAME.json beside it or in expected/.
PDFs and images go to the blob store (kept by "quarry blobs gc" while a set refers to them). Every
expected output is checked against the output schema of its workflow (the item's, else --workflow)
first: any problem is listed and nothing is stored.`,
  usage: '<dir> --out <set> [--workflow <name[@version]>] [--json]',
  arguments: [{ name: '[dir]', description: 'the labelled set directory' }],
  options: () => [
    new Option('--out <set>', 'the stored set to put the items in'),
    new Option(
      '-w, --workflow <name[@version]>',
      'the workflow of items that name none (checks their expected output)',
    ),
    new Option('--json', 'print { set, items, added, replaced, documents, skipped: [{ place, problem }] }'),
  ],
  flags: EvalImportFlags,
  examples: [
    'quarry eval import ./sets/receipts --out receipts --workflow receipt',
    'quarry eval import ./exported/reviewed-invoice --out invoice-golden',
  ],
  helpAfter: `Exit codes: 0 stored, 1 the directory cannot be used (every problem listed; nothing stored),
bad usage, Redis or the blob store unavailable.

${cliEnvironmentHelp}
${blobEnvironmentHelp}
${workflowsEnvironmentHelp}`,
  run: async (flags, context) => (await import('./eval-import-run')).evalImport(flags, context),
});
