import { textTable } from '@quarry/env';
import { selectorsFromText } from '@quarry/triage';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { cliTime } from '../cli-time';
import { exitCodes } from '../exit-codes';
import type { DlqGroupsFlags } from './dlq-groups-command';
import { withTriage } from './with-triage';

/** Runs `quarry dlq groups`. */
export async function dlqGroups(
  flags: z.output<typeof DlqGroupsFlags>,
  context: CliContext,
): Promise<number> {
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
}
