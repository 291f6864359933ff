import {
  createQuarryClient,
  DeadLetteredError,
  EnqueueValidationError,
  type QuarryClient,
  RedisUnavailableError,
  WaitTimeoutError,
} from '@quarry/client';
import type { ExtractionJobResult } from '@quarry/queue';
import { defaultRegistry } from '@quarry/workflows';
import type { CliCommand } from '../cli-command';
import { cliConfig, cliEnvironmentHelp } from '../cli-config';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import { parseCommandArgs } from '../parse-command-args';
import { UsageError } from '../usage-error';
import { type DocumentSource, readDocumentText } from './read-document-text';

const DEFAULT_TIMEOUT_SECONDS = 120;

const help = `Usage: quarry enqueue --workflow <name> [--version N] (--file <path> | --text <string>)
                      [--id <idempotencyKey>] [--scope <historyScope>] [--wait] [--timeout <seconds>] [--json]

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
      --wait              wait for the job to finish
      --timeout <seconds> how long --wait waits (default ${DEFAULT_TIMEOUT_SECONDS})
      --json              print one JSON object; with --wait:
                          { jobId, status: "completed" | "dead-lettered", data?, needsReview?,
                            attempts?, usage?, costUsd?, dlqId?, reason? }
  -h, --help              show this help

Exit codes: 0 enqueued or completed, 1 bad usage, invalid input or Redis unavailable,
2 dead-lettered, 3 --wait timed out (the job carries on).

${cliEnvironmentHelp}`;

const options = {
  workflow: { type: 'string', short: 'w' },
  version: { type: 'string' },
  file: { type: 'string', short: 'f' },
  text: { type: 'string', short: 't' },
  id: { type: 'string' },
  scope: { type: 'string' },
  wait: { type: 'boolean' },
  timeout: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** What the command line asks for, checked. */
interface EnqueueRequestArgs {
  readonly workflow: string;
  readonly version: number | undefined;
  readonly source: DocumentSource;
  readonly idempotencyKey: string | undefined;
  readonly historyScope: string | undefined;
  readonly wait: boolean;
  readonly timeoutMs: number;
  readonly json: boolean;
}

function readArgs(args: readonly string[]): EnqueueRequestArgs | 'help' {
  const { values } = parseCommandArgs(args, options);
  if (values.help) return 'help';
  if (!values.workflow) throw new UsageError('--workflow <name> is required');
  if ((values.file === undefined) === (values.text === undefined)) {
    throw new UsageError('give exactly one of --file <path> or --text <string>');
  }
  let version: number | undefined;
  if (values.version !== undefined) {
    version = Number(values.version);
    if (!/^\d+$/.test(values.version) || version < 1) {
      throw new UsageError(`--version must be a positive integer, got "${values.version}"`);
    }
  }
  let timeoutMs = DEFAULT_TIMEOUT_SECONDS * 1000;
  if (values.timeout !== undefined) {
    const seconds = Number(values.timeout);
    if (values.timeout.trim() === '' || !Number.isFinite(seconds) || seconds <= 0) {
      throw new UsageError(`--timeout must be a positive number of seconds, got "${values.timeout}"`);
    }
    if (!values.wait) throw new UsageError('--timeout only applies with --wait');
    timeoutMs = Math.round(seconds * 1000);
  }
  return {
    workflow: values.workflow,
    version,
    source: values.file !== undefined ? { file: values.file } : { text: values.text ?? '' },
    idempotencyKey: values.id,
    historyScope: values.scope,
    wait: values.wait ?? false,
    timeoutMs,
    json: values.json ?? false,
  };
}

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
          `job ${job.jobId} was dead-lettered as ${error.dlqId}: ${error.reason.kind}: ${error.reason.message}\n`,
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
    const request = readArgs(args);
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
