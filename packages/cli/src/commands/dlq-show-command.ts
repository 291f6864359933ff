import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp, triageEnvironmentHelp } from '../environment-help';
import { switchFlag } from '../flag-schemas';

export const DlqShowFlags = z.object({
  args: z.tuple([z.string()]),
  json: switchFlag,
});

/** `quarry dlq show <dlqId>`: one record, whole, with its lineage chain. */
export const dlqShowCommand = defineCommand({
  name: 'dlq show',
  summary: 'show a dead-letter record with its attempts and lineage chain',
  description: `Shows one dead-letter record whole: reason, fingerprint, totals, every attempt with its issues and
raw output, the job data, and the lineage chain (every DLQ record of the same root job, oldest first,
and the latest replay job).`,
  arguments: [{ name: '<dlqId>', description: 'the DLQ id of the record' }],
  options: () => [new Option('--json', 'print { record, summary, chain }')],
  flags: DlqShowFlags,
  examples: ['quarry dlq show <dlqId>', 'quarry dlq show <dlqId> --json'],
  helpAfter: `${cliEnvironmentHelp}\n${triageEnvironmentHelp}`,
  run: async (flags, context) => (await import('./dlq-show-run')).dlqShow(flags, context),
});
