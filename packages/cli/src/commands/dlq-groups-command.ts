import { Option } from 'commander';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp, triageEnvironmentHelp } from '../environment-help';
import { switchFlag } from '../flag-schemas';
import { SelectorFlags, selectorOptions } from './selector-flags';

export const DlqGroupsFlags = SelectorFlags.extend({ json: switchFlag });

/** `quarry dlq groups`: the fingerprint groups. */
export const dlqGroupsCommand = defineCommand({
  name: 'dlq groups',
  summary: 'group dead-letter records by fingerprint',
  description: `Groups dead-letter records by fingerprint (same reason kind and top issues), largest group first:
count, reason, workflows, first and last seen, and the top issue signatures.`,
  usage: '[selectors] [--json]',
  options: () => [...selectorOptions(), new Option('--json', 'print a JSON array of groups')],
  flags: DlqGroupsFlags,
  examples: ['quarry dlq groups', 'quarry dlq groups --workflow invoice --since 24h'],
  helpAfter: `${cliEnvironmentHelp}\n${triageEnvironmentHelp}`,
  run: async (flags, context) => (await import('./dlq-groups-run')).dlqGroups(flags, context),
});
