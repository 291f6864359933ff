import { defineCommand } from '../define-command';
import { blobEnvironmentHelp, cliEnvironmentHelp } from '../environment-help';
import { EnqueueFlags, enqueueOptions } from './enqueue-flags';

/** `quarry enqueue`: validate, enqueue and optionally wait for one job. */
export const enqueueCommand = defineCommand({
  name: 'enqueue',
  summary: 'enqueue an extraction job (optionally wait for its result)',
  description: `Enqueues one extraction job. --file is read and its type told from its bytes (never its name): a
PDF, PNG, JPEG, WebP or GIF is stored in the blob store and enqueued as { document } referring to it;
anything else is read as UTF-8 text (a file that is not is refused, naming the byte offset) and
enqueued as { text }, like --text. The job is validated against the workflow before anything is
written.`,
  usage:
    '--workflow <name> [--version N] (--file <path> | --text <string>) [--lane realtime|batch] [--deadline <when>] [options]',
  options: enqueueOptions,
  flags: EnqueueFlags,
  examples: [
    'quarry enqueue --workflow invoice --file examples/invoice.txt --wait',
    'quarry enqueue -w invoice --file examples/invoice.pdf --lane batch --deadline 6h',
    "quarry enqueue -w support-ticket --text 'My printer is on fire' --id ticket-123 --json",
  ],
  helpAfter: `Exit codes: 0 enqueued or completed, 1 bad usage, invalid input or Redis unavailable,
2 dead-lettered, 3 --wait timed out (the job carries on).

${cliEnvironmentHelp}
${blobEnvironmentHelp}`,
  run: async (request, context) => (await import('./enqueue-run')).enqueue(request, context),
});
