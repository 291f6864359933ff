import {
  createQuarryClient,
  DeadLetteredError,
  EnqueueValidationError,
  type QuarryClient,
  RedisUnavailableError,
  WaitTimeoutError,
} from '@quarry/client';
import { Effort } from '@quarry/core';
import { dlqReasonLabel, type ExtractionJobResult } from '@quarry/queue';
import { defaultRegistry } from '@quarry/workflows';
import type { CliCommand } from '../cli-command';
import { cliConfig } from '../cli-config';
import type { CliContext } from '../cli-context';
import { cliEnvironmentHelp } from '../environment-help';
import { exitCodes } from '../exit-codes';
import { budgetFlagHelp } from './budget-flags';
import { DEFAULT_TIMEOUT_SECONDS, type EnqueueRequestArgs, readEnqueueArgs } from './enqueue-args';
import { readDocumentText } from './read-document-text';

const help = `Usage: quarry enqueue --workflow <name> [--version N] (--file <path> | --text <string>)
                      [--id <idempotencyKey>] [--scope <historyScope>] [--effort <level>]
                      [--max-tokens <N>] [--max-cost-usd <USD>] [--wait] [--timeout <seconds>]
                      [--json]

Enqueues one extraction job. The input is { text } read from --file (UTF-8; a file that is not is
refused, naming the byte offset) or given with --text; it is validated against the workflow before
anything is written to Redis.

Options:
  -w, --workflow <name>   workflow to run (${defaultRegistry()
    .list()
    .map((workflow) => workflow.name)
    .join(', ')})
      --version <N>       workflow version (default: the latest)
  -f, --file <path>       read the document text from a file
  -t, --text <string>     the document text itself
      --id <key>          idempotency key: the same key gives the same job, never a second one
      --scope <scope>     history scope, e.g. a tenant (lessons are shared within it)
      --effort <level>    output_config.effort for every attempt: ${Effort.options.join(', ')}
                          (default: the workflow's, else the model's default; models that take no
                          effort get none)
${budgetFlagHelp}
      --wait              wait for the job to finish
      --timeout <seconds> how long --wait waits (default ${DEFAULT_TIMEOUT_SECONDS})
      --json              print one JSON object; with --wait:
                          { jobId, status: "completed" | "dead-lettered", data?, needsReview?,
                            attempts?, usage?, costUsd?, dlqId?, reason? }
  -h, --help              show this help

Exit codes: 0 enqueued or completed, 1 bad usage, invalid input or Redis unavailable,
2 dead-lettered, 3 --wait timed out (the job carries on).

${cliEnvironmentHelp}`;

function completedOutput(jobId: string, result: ExtractionJobResult) {
  return {
    jobId,
    status: 'completed' as const,
    data: result.data,
    needsReview: result.needsReview,
    attempts: result.attempts,
    usage: result.usage,
    costUsd: result.costUsd,
  };
}

async function enqueueAndWait(
  request: EnqueueRequestArgs,
  text: string,
  client: QuarryClient,
  context: CliContext,
): Promise<number> {
  const job = await client.enqueue(
    request.workflow,
    { text },
    {
      ...(request.version !== undefined ? { version: request.version } : {}),
      ...(request.idempotencyKey !== undefined ? { idempotencyKey: request.idempotencyKey } : {}),
      ...(request.historyScope !== undefined ? { historyScope: request.historyScope } : {}),
      ...(request.effort !== undefined ? { effort: request.effort } : {}),
      ...(request.budget !== undefined ? { budget: request.budget } : {}),
    },
  );
  const print = (value: unknown) =>
    context.stdout(`${JSON.stringify(value, null, request.json ? undefined : 2)}\n`);
  const note = job.created ? '' : ' (existing job for this idempotency key)';
  if (!request.wait) {
    if (request.json)
      print({ jobId: job.jobId, workflow: job.workflow, version: job.version, created: job.created });
    else context.stdout(`${job.jobId}\n`);
    if (!request.json)
      context.stderr(`enqueued ${job.workflow}@v${job.version} as job ${job.jobId}${note}\n`);
    return exitCodes.ok;
  }
  if (!request.json)
    context.stderr(`enqueued ${job.workflow}@v${job.version} as job ${job.jobId}${note}; waiting\n`);
  try {
    const result = await client.waitForResult(job.jobId, { timeoutMs: request.timeoutMs });
    if (request.json) print(completedOutput(job.jobId, result));
    else {
      const cost = result.costUsd === null ? 'unknown cost' : `$${result.costUsd.toFixed(6)}`;
      context.stderr(
        `job ${job.jobId} completed after ${result.attempts} attempt(s), ${cost}${result.needsReview ? ', needs review' : ''}\n`,
      );
      print(result.data);
    }
    return exitCodes.ok;
  } catch (error) {
    if (error instanceof DeadLetteredError) {
      if (request.json)
        print({ jobId: job.jobId, status: 'dead-lettered', dlqId: error.dlqId, reason: error.reason });
      else
        context.stderr(
          `job ${job.jobId} was dead-lettered as ${error.dlqId}: ${dlqReasonLabel(error.reason)}: ${error.reason.message}\n`,
        );
      return exitCodes.deadLettered;
    }
    if (error instanceof WaitTimeoutError) {
      context.stderr(
        `quarry enqueue: job ${job.jobId} is still ${error.lastState} after ${request.timeoutMs / 1000} s; it carries on\n`,
      );
      return exitCodes.timeout;
    }
    throw error;
  }
}

/** `quarry enqueue`: validate, enqueue and optionally wait for one job. */
export const enqueueCommand: CliCommand = {
  name: 'enqueue',
  summary: 'enqueue an extraction job (optionally wait for its result)',
  help,
  async run(args, context) {
    const request = readEnqueueArgs(args);
    if (request === 'help') {
      context.stdout(`${help}\n`);
      return exitCodes.ok;
    }
    const config = cliConfig(context.env);
    // Read before connecting: a bad file is a usage error that needs no Redis.
    const text = await readDocumentText(request.source, context.cwd);
    const client = createQuarryClient({
      redisUrl: config.redisUrl,
      registry: defaultRegistry(),
      config: config.queue,
    });
    try {
      return await enqueueAndWait(request, text, client, context);
    } catch (error) {
      if (error instanceof EnqueueValidationError) {
        context.stderr(
          `quarry enqueue: invalid job, nothing was enqueued:\n${error.problems
            .map((problem) => `  - ${problem.path || '(job data)'}: ${problem.message}\n`)
            .join('')}`,
        );
        return exitCodes.failure;
      }
      if (error instanceof RedisUnavailableError) {
        const consequence = error.operation === 'enqueue' ? 'nothing was enqueued' : 'the job carries on';
        context.stderr(
          `quarry enqueue: Redis at ${config.redisUrlRedacted} is unavailable; ${consequence}\n`,
        );
        return exitCodes.failure;
      }
      throw error;
    } finally {
      await client.close();
    }
  },
};
