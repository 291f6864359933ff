import { textTable } from '@quarry/env';
import { selectorsFromText } from '@quarry/triage';
import { Option } from 'commander';
import { cliTime } from '../cli-time';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp, triageEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { switchFlag } from '../flag-schemas';
import { SelectorFlags, selectorOptions } from './selector-flags';
import { withTriage } from './with-triage';

/** `quarry dlq groups`: the fingerprint groups. */
export const dlqGroupsCommand = defineCommand({
  name: 'dlq groups',
  summary: 'group dead-letter records by fingerprint',
  description: `Groups dead-letter records by fingerprint (same reason kind and top issues), largest group first:
count, reason, workflows, first and last seen, and the top issue signatures.`,
  usage: '[selectors] [--json]',
  options: () => [...selectorOptions(), new Option('--json', 'print a JSON array of groups')],
  flags: SelectorFlags.extend({ json: switchFlag }),
  examples: ['quarry dlq groups', 'quarry dlq groups --workflow invoice --since 24h'],
  helpAfter: `${cliEnvironmentHelp}\n${triageEnvironmentHelp}`,
  async run(flags, context) {
    const selectors = selectorsFromText(flags, Date.now());
    const groups = await withTriage(context, 'dlq groups', (triage) => triage.fingerprintGroups(selectors));
    if (flags.json) {
      context.stdout(`${JSON.stringify(groups)}\n`);
      return exitCodes.ok;
    }
    context.stdout(
      `${textTable({
        head: ['FINGERPRINT', 'COUNT', 'REASON', 'WORKFLOWS', 'FIRST SEEN', 'LAST SEEN', 'TOP ISSUES'],
        rows: groups.map((group) => [
          group.fingerprint,
          `${group.count} (${group.states.dead} dead)`,
          group.reason,
          group.workflows.join(', '),
          cliTime(group.firstSeen),
          cliTime(group.lastSeen),
          group.topIssues.map((issue) => `${issue.signature} ×${issue.count}`).join(', ') || '-',
        ]),
        maxWidth: 80,
      })}\n`,
    );
    context.stderr(`${groups.length} group(s)\n`);
    return exitCodes.ok;
  },
});
