import type { CliCommand } from '../cli-command';
import { cliEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { parseCommandArgs } from '../parse-command-args';
import { UsageError } from '../usage-error';
import { reportReviewError, withReviewIndex } from './review-support';

const help = `Usage: quarry review ack <jobId> [<jobId>…] [--json]

Acknowledges reviewed jobs: removes them from the review list. The jobs and their results stay as
they are.

Options:
      --json   print { acknowledged: [jobId…], notFound: [jobId…] }
  -h, --help   show this help

Exit codes: 0 every job was acknowledged, 1 some job was not waiting for review (or bad usage,
Redis unavailable).

${cliEnvironmentHelp}`;

/** `quarry review ack`: a person has reviewed these jobs. */
export const reviewAckCommand: CliCommand = {
  name: 'review ack',
  summary: 'acknowledge reviewed jobs (remove them from the review list)',
  help,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs(
      args,
      { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      true,
    );
    if (values.help) {
      context.stdout(`${help}\n`);
      return exitCodes.ok;
    }
    if (positionals.length === 0) throw new UsageError('give the id of at least one job to acknowledge');
    try {
      const results = await withReviewIndex(context, 'review ack', async (index) => {
        const acked: boolean[] = [];
        for (const jobId of positionals) acked.push(await index.ack(jobId));
        return acked;
      });
      const acknowledged = positionals.filter((_, i) => results[i]);
      const notFound = positionals.filter((_, i) => !results[i]);
      if (values.json) context.stdout(`${JSON.stringify({ acknowledged, notFound })}\n`);
      else {
        for (const jobId of acknowledged) context.stdout(`acknowledged job ${jobId}\n`);
        for (const jobId of notFound)
          context.stderr(`quarry review ack: job ${jobId} is not waiting for review\n`);
      }
      return notFound.length === 0 ? exitCodes.ok : exitCodes.failure;
    } catch (error) {
      return reportReviewError('review ack', error, context);
    }
  },
};
