import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { positiveIntegerFlag, switchFlag } from '../flag-schemas';

export const EvalRunsFlags = z.object({ limit: positiveIntegerFlag.optional(), json: switchFlag });

/** `quarry eval runs`: the stored evaluation runs. */
export const evalRunsCommand = defineCommand({
  name: 'eval runs',
  summary: 'list the stored evaluation runs, newest first',
  description: `Lists the evaluation runs "quarry eval run" stored (kept 90 days), newest first: run id,
when, set, workflow@version, items, overall F1 and cost. A run id is what --baseline takes.`,
  usage: '[--limit <N>] [--json]',
  options: () => [
    new Option('--limit <N>', 'at most N runs (default 50)'),
    new Option('--json', 'print { runs: [{ runId, storedAt, set, workflow, version, items, f1, costUsd }] }'),
  ],
  flags: EvalRunsFlags,
  examples: ['quarry eval runs', 'quarry eval runs --limit 5 --json'],
  helpAfter: cliEnvironmentHelp,
  run: async (flags, context) => (await import('./eval-runs-run')).evalRuns(flags, context),
});
