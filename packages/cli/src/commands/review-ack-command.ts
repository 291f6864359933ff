import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { switchFlag } from '../flag-schemas';

export const ReviewAckFlags = z.object({
  args: z.array(z.string()).min(1, { error: 'give the id of at least one job to acknowledge' }),
  json: switchFlag,
});

/** `quarry review ack`: a person has reviewed these jobs. */
export const reviewAckCommand = defineCommand({
  name: 'review ack',
  summary: 'acknowledge reviewed jobs (remove them from the review list)',
  description: `Acknowledges reviewed jobs: removes them from the review list. The jobs and their results stay as
they are.`,
  usage: '<jobId> [<jobId>…] [--json]',
  arguments: [{ name: '[jobId...]', description: 'the jobs to acknowledge' }],
  options: () => [new Option('--json', 'print { acknowledged: [jobId…], notFound: [jobId…] }')],
  flags: ReviewAckFlags,
  examples: ['quarry review ack <jobId> <jobId>'],
  helpAfter: `Exit codes: 0 every job was acknowledged, 1 some job was not waiting for review (or bad usage,
Redis unavailable).

${cliEnvironmentHelp}`,
  run: async (flags, context) => (await import('./review-ack-run')).reviewAck(flags, context),
});
