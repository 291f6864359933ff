import { MAX_EXPECTED_BYTES } from '@quarry/core';
import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp, workflowFilesEnvironmentHelp } from '../environment-help';
import { switchFlag } from '../flag-schemas';

export const ReviewCorrectFlags = z.object({
  args: z
    .array(z.string())
    .length(1, { error: 'give the id of exactly one job to correct' })
    .refine(([jobId]) => jobId !== undefined && jobId.length >= 1 && jobId.length <= 256, {
      error: 'a job id is 1-256 characters',
    }),
  file: z
    .string({ error: 'give the correct output with --file <out.json>' })
    .min(1, { error: 'must name a file' }),
  json: switchFlag,
});

/** `quarry review correct`: a person gives the correct output of a job waiting for review. */
export const reviewCorrectCommand = defineCommand({
  name: 'review correct',
  summary: 'store the correct output of a job waiting for review, and acknowledge it',
  description: `Stores the correct output of a job waiting for review, read from a JSON file: it is checked
against the output schema of the job's workflow version (every problem is listed), then stored as the
job's item of the labelled set "reviewed-<workflow>" (item id = job id, with the job's document by
reference) and the job leaves the review list, as with "quarry review ack". Each field that differs from
the extracted output is recorded in the workflow version's error history, so later jobs are told
the field was corrected in review. Nothing is stored when anything is wrong.`,
  usage: '<jobId> --file <out.json> [--json]',
  arguments: [{ name: '[jobId...]', description: 'the job to correct' }],
  options: () => [
    new Option('--file <path>', `the correct output as JSON (UTF-8, at most ${MAX_EXPECTED_BYTES} bytes)`),
    new Option('--json', 'print { jobId, set, replaced, correctedPaths, history }'),
  ],
  flags: ReviewCorrectFlags,
  examples: ['quarry review correct <jobId> --file out.json'],
  helpAfter: `Exit codes: 0 the correction was stored, 1 it was not (not JSON, not valid for the workflow's
output schema, the job missing or not waiting for review, its workflow no longer known; or bad usage,
Redis unavailable).

${cliEnvironmentHelp}
${workflowFilesEnvironmentHelp}`,
  run: async (flags, context) => (await import('./review-correct-run')).reviewCorrect(flags, context),
});
