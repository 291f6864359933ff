import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { ReviewAckFlags } from './review-ack-command';
import { withReviewIndex } from './with-review-index';

/** Runs `quarry review ack`. */
export async function reviewAck(
  flags: z.output<typeof ReviewAckFlags>,
  context: CliContext,
): Promise<number> {
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
}
