import { resolve } from 'node:path';
import { MAX_EXPECTED_BYTES } from '@quarry/core';
import { readFileCapped } from '@quarry/env';
import { reviewCorrectionProblem } from '@quarry/queue';
import type { z } from 'zod';
import { cliConfig } from '../cli-config';
import type { CliContext } from '../cli-context';
import { cliWorkflowCatalog } from '../cli-workflow-catalog';
import { decodeUtf8 } from '../decode-utf8';
import { exitCodes } from '../exit-codes';
import { InvalidUtf8Error } from '../invalid-utf8-error';
import { UsageError } from '../usage-error';
import type { ReviewCorrectFlags } from './review-correct-command';
import { withCliRedis } from './with-cli-redis';

/** Who corrected, as the item's `source.correctedBy` records it for the CLI. */
const CORRECTED_BY = 'cli';

/**
 * The corrected output's text from `--file`: a regular file of at most {@link MAX_EXPECTED_BYTES},
 * strict UTF-8.
 * @throws UsageError naming an unreadable, too large or non-UTF-8 file.
 */
function readCorrection(file: string, cwd: string): string {
  let bytes: Buffer;
  try {
    const read = readFileCapped({ path: resolve(cwd, file), maxBytes: MAX_EXPECTED_BYTES });
    if (read.kind === 'not-a-file') throw new UsageError(`--file ${file} is not a regular file`);
    if (read.kind === 'too-large') {
      throw new UsageError(
        `--file ${file} is ${read.size} bytes; a corrected output is at most ${MAX_EXPECTED_BYTES} (1 MiB)`,
      );
    }
    bytes = read.bytes;
  } catch (cause) {
    if (cause instanceof UsageError) throw cause;
    const code = (cause as { code?: unknown }).code;
    throw new UsageError(`cannot read --file ${file}${typeof code === 'string' ? ` (${code})` : ''}`, {
      cause,
    });
  }
  try {
    return decodeUtf8(bytes);
  } catch (cause) {
    if (!(cause instanceof InvalidUtf8Error)) throw cause;
    throw new UsageError(`--file ${file} is not UTF-8 text: ${cause.message}`, { cause });
  }
}

/** Runs `quarry review correct`. */
export async function reviewCorrect(
  flags: z.output<typeof ReviewCorrectFlags>,
  context: CliContext,
): Promise<number> {
  const [jobId = ''] = flags.args;
  const text = readCorrection(flags.file, context.cwd);
  const config = cliConfig(context.env);
  const { registry } = await cliWorkflowCatalog(context);
  const { openQueues, ReviewCorrections } = await import('./on-demand');
  const outcome = await withCliRedis(
    {
      operation: 'review correct',
      redisUrl: config.redisUrl,
      redisUrlRedacted: config.redisUrlRedacted,
      open: (connection) => ({ connection, queues: openQueues({ connection, config: config.queue }) }),
      close: ({ queues }) => queues.close(),
    },
    ({ connection, queues }) =>
      new ReviewCorrections({ redis: connection, keys: queues.keys, queue: queues.queue, registry }).correct({
        jobId,
        text,
        correctedBy: CORRECTED_BY,
      }),
  );
  if (outcome.type !== 'stored') {
    const problem = reviewCorrectionProblem(outcome, jobId);
    const lines = problem.problems.map((line) => `\n  - ${line}`).join('');
    context.stderr(`quarry review correct: ${problem.message}${lines}\n`);
    return exitCodes.failure;
  }
  const { set, replaced, correctedPaths, history } = outcome;
  if (flags.json) {
    context.stdout(`${JSON.stringify({ jobId, set, replaced, correctedPaths, history })}\n`);
  } else {
    const fields =
      correctedPaths.length === 0 ? 'no field differs' : `corrected: ${correctedPaths.join(', ')}`;
    context.stdout(
      `corrected job ${jobId}: ${replaced ? 'replaced its item' : 'stored'} in set ${set} (${fields}); it left the review list\n`,
    );
  }
  if (history === 'failed') {
    context.stderr(
      'quarry review correct: the corrected fields could not be recorded in the error history; the correction is stored\n',
    );
  }
  return exitCodes.ok;
}
