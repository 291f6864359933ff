import { textTable } from '@quarry/env';
import { selectorsFromText } from '@quarry/triage';
import type { CliCommand } from '../cli-command';
import { cliEnvironmentHelp, triageEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { parseCommandArgs } from '../parse-command-args';
import { reportTriageError, selectorHelp, selectorOptions, selectorText, withTriage } from './triage-support';

const help = `Usage: quarry dlq groups [selectors] [--json]

Groups dead-letter records by fingerprint (same reason kind and top issues), largest group first:
count, reason, workflows, first and last seen, and the top issue signatures.

${selectorHelp}

Options:
      --json               print a JSON array of groups
  -h, --help               show this help

${cliEnvironmentHelp}
${triageEnvironmentHelp}`;

/** `quarry dlq groups`: the fingerprint groups. */
export const dlqGroupsCommand: CliCommand = {
  name: 'dlq groups',
  summary: 'group dead-letter records by fingerprint',
  help,
  async run(args, context) {
    const { values } = parseCommandArgs(args, {
      ...selectorOptions,
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      context.stdout(`${help}\n`);
      return exitCodes.ok;
    }
    try {
      const selectors = selectorsFromText(selectorText(values), Date.now());
      const groups = await withTriage(context, 'dlq groups', (triage) => triage.fingerprintGroups(selectors));
      if (values.json) {
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
            group.firstSeen,
            group.lastSeen,
            group.topIssues.map((issue) => `${issue.signature} ×${issue.count}`).join(', ') || '-',
          ]),
          maxWidth: 80,
        })}\n`,
      );
      context.stderr(`${groups.length} group(s)\n`);
      return exitCodes.ok;
    } catch (error) {
      return reportTriageError('dlq groups', error, context);
    }
  },
};
