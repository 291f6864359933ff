import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { switchFlag } from '../flag-schemas';
import { withReviewIndex } from './with-review-index';

/** `quarry review ack`: a person has reviewed these jobs. */
export const reviewAckCommand = defineCommand({
  name: 'review ack',
  summary: 'acknowledge reviewed jobs (remove them from the review list)',
  description: `Acknowledges reviewed jobs: removes them from the review list. The jobs and their results stay as
they are.`,
  usage: '<jobId> [<jobId>…] [--json]',
  arguments: [{ name: '[jobId...]', description: 'the jobs to acknowledge' }],
  options: () => [new Option('--json', 'print { acknowledged: [jobId…], notFound: [jobId…] }')],
  flags: z.object({
    args: z.array(z.string()).min(1, { error: 'give the id of at least one job to acknowledge' }),
    json: switchFlag,
  }),
  examples: ['quarry review ack <jobId> <jobId>'],
  helpAfter: `Exit codes: 0 every job was acknowledged, 1 some job was not waiting for review (or bad usage,
Redis unavailable).

${cliEnvironmentHelp}`,
  async run(flags, context) {
    const jobIds = flags.args;
    const results = await withReviewIndex(context, 'review ack', async (index) => {
      const acked: boolean[] = [];
      for (const jobId of jobIds) acked.push(await index.ack(jobId));
      return acked;
    });
    const acknowledged = jobIds.filter((_, i) => results[i]);
    const notFound = jobIds.filter((_, i) => !results[i]);
    if (flags.json) context.stdout(`${JSON.stringify({ acknowledged, notFound })}\n`);
    else {
      for (const jobId of acknowledged) context.stdout(`acknowledged job ${jobId}\n`);
      for (const jobId of notFound)
        context.stderr(`quarry review ack: job ${jobId} is not waiting for review\n`);
    }
    return notFound.length === 0 ? exitCodes.ok : exitCodes.failure;
  },
});
