import { terminalText, textTable } from '@quarry/env';
import { ageLabel, costLabel, workflowLabel } from '@quarry/triage';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { ReviewListFlags } from './review-list-command';
import { withReviewIndex } from './with-review-index';

/** Runs `quarry review list`. */
export async function reviewList(
  flags: z.output<typeof ReviewListFlags>,
  context: CliContext,
): Promise<number> {
  const { entries, unreadable } = await withReviewIndex(context, 'review list', (index) =>
    index.list({
      ...(flags.workflow !== undefined ? { workflow: flags.workflow } : {}),
      ...(flags.limit !== undefined ? { limit: flags.limit } : {}),
    }),
  );
  for (const entry of unreadable) {
    context.stderr(
      `warning: review entry of job ${terminalText(entry.jobId)} is unreadable (${terminalText(entry.problem)})\n`,
    );
  }
  if (flags.json) {
    context.stdout(`${JSON.stringify(entries)}\n`);
    return exitCodes.ok;
  }
  const now = Date.now();
  context.stdout(
    `${textTable({
      head: ['JOB ID', 'WORKFLOW', 'AGE', 'MODEL CALLS', 'COST', 'REASONS'],
      rows: entries.map((entry) => [
        entry.jobId,
        workflowLabel(entry.workflow, entry.version),
        ageLabel(entry.flaggedAt, now),
        // The entry's `attempts` counts model calls (replies), not BullMQ job attempts.
        String(entry.attempts),
        costLabel(entry.costUsd),
        entry.reasons.join('; '),
      ]),
      maxWidth: 100,
    })}\n`,
  );
  const weak = entries.flatMap((entry) =>
    (entry.weakFields ?? []).map((field) => [
      entry.jobId,
      field.path,
      field.confidence.toFixed(2),
      field.reviewBelow === null ? '-' : field.reviewBelow.toFixed(2),
      field.reason,
    ]),
  );
  if (weak.length > 0) {
    context.stdout(
      `\nWeak fields:\n${textTable({
        head: ['JOB ID', 'FIELD', 'CONFIDENCE', 'BELOW', 'WHY'],
        rows: weak,
        maxWidth: 100,
      })}\n`,
    );
  }
  context.stderr(`${entries.length} job(s) waiting for review\n`);
  return exitCodes.ok;
}
