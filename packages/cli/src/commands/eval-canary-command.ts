import { Lane } from '@quarry/core';
import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp, triageEnvironmentHelp, workflowFilesEnvironmentHelp } from '../environment-help';
import { switchFlag, textFlag } from '../flag-schemas';
import { SelectorFlags, selectorOptions } from './selector-flags';

/** `--concurrency`: canary jobs in flight at once, 1 to 64. */
const concurrencyFlag = z
  .string()
  .regex(/^\d+$/, { error: 'must be an integer from 1 to 64' })
  .transform(Number)
  .refine((n) => n >= 1 && n <= 64, { error: 'must be an integer from 1 to 64' });

/** `--timeout`: seconds to wait for each canary job's result, 1 s to 48 h. */
const jobTimeoutFlag = z
  .string()
  .regex(/^\d+$/, { error: 'must be a whole number of seconds from 1 to 172800' })
  .transform(Number)
  .refine((n) => n >= 1 && n <= 172_800, { error: 'must be a whole number of seconds from 1 to 172800' })
  .transform((seconds) => seconds * 1000);

export const EvalCanaryFlags = SelectorFlags.extend({
  workflow: z
    .string({ error: '--workflow <name[@version]> is required' })
    .min(1, { error: 'must name a workflow' }),
  model: textFlag.optional(),
  lane: z.enum(Lane.options, { error: `must be one of ${Lane.options.join(', ')}` }).optional(),
  concurrency: concurrencyFlag.default(4),
  timeout: jobTimeoutFlag.optional(),
  force: switchFlag,
  json: switchFlag,
});

/** The selector options but `--workflow`, which names the target version here too. */
const recordSelectors = (): Option[] =>
  selectorOptions()
    .filter((option) => option.long !== '--workflow')
    .map((option) =>
      option.long === '--version'
        ? new Option('--version <N>', 'records of version N of the workflow').helpGroup(
            'Selectors (combine with AND):',
          )
        : option,
    );

/** `quarry eval canary`: dead-letter records tried on a workflow version as evaluation jobs, nothing replayed. */
export const evalCanaryCommand = defineCommand({
  name: 'eval canary',
  summary: 'try dead-letter records on a workflow version before replaying them',
  description: `Tries the records "quarry replay-dlq" would replay on a workflow version, without replaying
anything: the selection and its rules are replay-dlq's (--workflow selects the workflow's records;
already replayed and quarantined records are skipped unless --force, records the version does not take
are refused), and each record's job is built as the replay would build it (its input, documents by
their stored reference, the version, --model, the budget), then enqueued as an evaluation job
(evaluation.runId canary-…, the item the DLQ id, lessons off): kept out of production's lessons, review
and statistics. It waits for each and reports per record: would complete (flagged when it needs
review), still fails (the reason and the top issue of its attempts), or could not run, with the counts
and the share of the selected records that would complete. The DLQ records are left as they were: not
marked replayed, no lineage. A canary job that fails leaves a dead letter of its own; the canary reads
it, then removes it (with its failed job), only after reading it afresh and finding it tagged with this
canary's run id, so later selections do not pick it up. One canary takes at most 1000 records.`,
  usage: '--workflow <name[@version]> [selectors] [options]',
  options: () => [
    new Option(
      '-w, --workflow <name[@version]>',
      "the workflow whose records are tried (a selector, as replay-dlq's), and the version to try them on (default the latest)",
    ),
    ...recordSelectors(),
    new Option(
      '--model <M>',
      'run the canary jobs on model M (a model of the workflow or of QUARRY_ALLOWED_MODELS)',
    ),
    new Option('--lane <lane>', `${Lane.options.join(' or ')} (default: the workflow's lane)`),
    new Option('--concurrency <N>', 'canary jobs in flight at once, 1-64 (default 4)'),
    new Option(
      '--timeout <seconds>',
      "how long to wait for each job's result (default 600; 90000 in the batch lane)",
    ),
    new Option('--force', 'try quarantined records too (as replay-dlq --force replays them)'),
    new Option('--json', 'print { runId, workflow, model, lane, summary, records } as one JSON object'),
  ],
  flags: EvalCanaryFlags,
  examples: [
    'quarry eval canary --workflow invoice@2 --version 1 --reason validation_exhausted',
    'quarry eval canary --workflow invoice --fingerprint <F> --limit 50 --json',
    'quarry eval canary --workflow receipt@3 --ids <dlqId>,<dlqId> --model claude-sonnet-4-5',
  ],
  helpAfter: `Exit codes: 0 the canary ran (whatever its outcome), 1 bad usage, an unknown workflow, version,
model or DLQ id, a selection of over 1000 records, Redis unavailable.

${cliEnvironmentHelp}
${triageEnvironmentHelp}
${workflowFilesEnvironmentHelp}`,
  run: async (flags, context) => (await import('./eval-canary-run')).evalCanary(flags, context),
});
