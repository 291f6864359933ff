import { Option } from 'commander';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp, triageEnvironmentHelp } from '../environment-help';
import { switchFlag } from '../flag-schemas';
import { SelectorFlags, selectorOptions } from './selector-flags';

export const DlqListFlags = SelectorFlags.extend({ json: switchFlag });

/** `quarry dlq list`: the DLQ records matching the selectors. */
export const dlqListCommand = defineCommand({
  name: 'dlq list',
  summary: 'list dead-letter records (filter with selectors)',
  description: `Lists dead-letter records, newest first: DLQ id, the top issue (path: message; the reason's
message when no attempt had an issue), reason, workflow@version, fingerprint, model calls, cost, age and
state (dead, replayed, quarantined). Without selectors, every record.`,
  usage: '[selectors] [--json]',
  options: () => [...selectorOptions(), new Option('--json', 'print a JSON array of record summaries')],
  flags: DlqListFlags,
  examples: [
    'quarry dlq list --since 2h',
    'quarry dlq list --workflow invoice --reason validation_exhausted --limit 20 --json',
  ],
  helpAfter: `${cliEnvironmentHelp}\n${triageEnvironmentHelp}`,
  run: async (flags, context) => (await import('./dlq-list-run')).dlqList(flags, context),
});
