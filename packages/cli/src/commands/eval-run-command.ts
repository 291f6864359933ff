import { LABELLED_SET_NAME_PATTERN, Lane } from '@quarry/core';
import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { blobEnvironmentHelp, cliEnvironmentHelp } from '../environment-help';
import { positiveIntegerFlag, switchFlag, textFlag } from '../flag-schemas';

/** `--concurrency`: items in flight at once, 1 to 64. */
const concurrencyFlag = z
  .string()
  .regex(/^\d+$/, { error: 'must be an integer from 1 to 64' })
  .transform(Number)
  .refine((n) => n >= 1 && n <= 64, { error: 'must be an integer from 1 to 64' });

/** `--max-drop`: a share from 0 to 1 (`0.02`). */
const maxDropFlag = z
  .string()
  .regex(/^(0(\.\d+)?|1(\.0+)?)$/, { error: 'must be a number from 0 to 1, such as 0.02' })
  .transform(Number);

/** `--timeout`: seconds to wait for each item's result, 1 s to 48 h. */
const itemTimeoutFlag = z
  .string()
  .regex(/^\d+$/, { error: 'must be a whole number of seconds from 1 to 172800' })
  .transform(Number)
  .refine((n) => n >= 1 && n <= 172_800, { error: 'must be a whole number of seconds from 1 to 172800' })
  .transform((seconds) => seconds * 1000);

export const EvalRunFlags = z.object({
  set: z
    .string({ error: '--set <set> is required' })
    .regex(LABELLED_SET_NAME_PATTERN, { error: 'must be 1-64 letters, digits, "-", "_" or "."' }),
  workflow: z
    .string({ error: '--workflow <name[@version]> is required' })
    .min(1, { error: 'must name a workflow' }),
  model: textFlag.optional(),
  lane: z.enum(Lane.options, { error: `must be one of ${Lane.options.join(', ')}` }).optional(),
  lessons: z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
  concurrency: concurrencyFlag.default(4),
  limit: positiveIntegerFlag.optional(),
  scoring: z.enum(['quarry', 'docubench'], { error: 'must be quarry or docubench' }).default('quarry'),
  baseline: textFlag.optional(),
  maxDrop: maxDropFlag.default(0.02),
  timeout: itemTimeoutFlag.optional(),
  out: textFlag.optional(),
  json: switchFlag,
});

/** `quarry eval run`: a stored labelled set through the queue and the workers, scored. */
export const evalRunCommand = defineCommand({
  name: 'eval run',
  summary: 'run a labelled set through the workers and score the results',
  description: `Enqueues every item of a stored labelled set as an ordinary job of the workflow (tagged
as this run's: its mistakes go to the run's own error history, never to production lessons; it is not
put up for review and not counted in the workflow statistics; its dead letters are removed once
read), waits for each, and scores the outputs
against the expected ones: precision, recall and F1 over leaf values, per field and overall
(docs/eval-scoring.md), with first-attempt validity, model calls, review and DLQ counts, cost per item
and per correct field, tokens and wall time. The report is stored for "quarry eval runs" and
--baseline. With --baseline (a stored run id, or a report file written with --out), the change per
field is printed and the command exits 3 when any field's F1, or the overall F1, dropped by more than
--max-drop.`,
  usage: '--set <set> --workflow <name[@version]> [options]',
  options: () => [
    new Option('--set <set>', 'the stored labelled set (see "quarry eval sets", "quarry eval import")'),
    new Option(
      '-w, --workflow <name[@version]>',
      'the workflow (and version; default the latest) every item runs on',
    ),
    new Option(
      '--model <M>',
      'run every item on model M (a model of the workflow or of QUARRY_ALLOWED_MODELS)',
    ),
    new Option('--lane <lane>', `${Lane.options.join(' or ')} (default: the workflow's lane)`),
    new Option('--lessons <on|off>', "show the jobs lessons from this run's own mistakes (default on)"),
    new Option('--concurrency <N>', 'items in flight at once, 1-64 (default 4)'),
    new Option('--limit <N>', 'only the first N items (in id order)'),
    new Option('--scoring <rules>', "quarry (default), or docubench: also the DocuBench benchmark's score"),
    new Option('--baseline <run>', 'a stored run id or a report file to compare with'),
    new Option('--max-drop <X>', 'largest F1 drop --baseline lets pass, 0-1 (default 0.02)'),
    new Option(
      '--timeout <seconds>',
      "how long to wait for each item's result (default 600; 90000 in the batch lane)",
    ),
    new Option('--out <file>', 'also write the report as JSON to this file'),
    new Option('--json', 'print the report (and the comparison) as one JSON object'),
  ],
  flags: EvalRunFlags,
  examples: [
    'quarry eval run --set reviewed-invoice --workflow invoice@2',
    'quarry eval run --set receipts --workflow receipt --lessons off --out before.json',
    'quarry eval run --set receipts --workflow receipt@3 --baseline before.json --max-drop 0.01',
  ],
  helpAfter: `Exit codes: 0 the run finished (and passed the --baseline gate), 1 bad usage, an unknown set or
workflow, Redis unavailable, 3 the gate failed: a field's or the overall F1 dropped by more than --max-drop.

${cliEnvironmentHelp}
${blobEnvironmentHelp}`,
  run: async (flags, context) => (await import('./eval-run-run')).evalRun(flags, context),
});
