import { createQuarryClient, DeadLetteredError, type QuarryClient } from '@quarry/client';
import { dlqReasonLabel, type ExtractionJobResult } from '@quarry/queue';
import { defaultRegistry } from '@quarry/workflows';
import { cliConfig } from '../cli-config';
import type { CliContext } from '../cli-context';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { exitCodeOf, exitCodes } from '../exit-codes';
import { deadlineAt } from './deadline-flag';
import { EnqueueFlags, type EnqueueRequest, enqueueOptions } from './enqueue-flags';
import { readDocumentText } from './read-document-text';

function completedOutput(jobId: string, result: ExtractionJobResult) {
  return {
    jobId,
    status: 'completed' as const,
    data: result.data,
    needsReview: result.needsReview,
    attempts: result.attempts,
    usage: result.usage,
    costUsd: result.costUsd,
    // Grounded workflows: where each value is in the document, how far it can be trusted, what to review.
    ...(result.provenance ? { provenance: result.provenance } : {}),
    ...(result.fieldConfidence ? { fieldConfidence: result.fieldConfidence } : {}),
    ...(result.weakFields ? { weakFields: result.weakFields } : {}),
  };
}

async function enqueueAndWait(
  request: EnqueueRequest,
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
      ...(request.lane !== undefined ? { lane: request.lane } : {}),
      ...(request.deadline !== undefined
        ? { deadline: deadlineAt({ deadline: request.deadline, nowMs: Date.now() }) }
        : {}),
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
    // Dead-lettered is an outcome of --wait: printed like a result, with its exit code.
    if (!(error instanceof DeadLetteredError)) throw error;
    if (request.json)
      print({ jobId: job.jobId, status: 'dead-lettered', dlqId: error.dlqId, reason: error.reason });
    else
      context.stderr(
        `job ${job.jobId} was dead-lettered as ${error.dlqId}: ${dlqReasonLabel(error.reason)}: ${error.reason.message}\n`,
      );
    return exitCodeOf(error);
  }
}

/** `quarry enqueue`: validate, enqueue and optionally wait for one job. */
export const enqueueCommand = defineCommand({
  name: 'enqueue',
  summary: 'enqueue an extraction job (optionally wait for its result)',
  description: `Enqueues one extraction job. The input is { text } read from --file (UTF-8; a file that is not is
refused, naming the byte offset) or given with --text; it is validated against the workflow before
anything is written to Redis.`,
  usage:
    '--workflow <name> [--version N] (--file <path> | --text <string>) [--lane realtime|batch] [--deadline <when>] [options]',
  options: enqueueOptions,
  flags: EnqueueFlags,
  helpAfter: `Exit codes: 0 enqueued or completed, 1 bad usage, invalid input or Redis unavailable,
2 dead-lettered, 3 --wait timed out (the job carries on).

${cliEnvironmentHelp}`,
  async run(request, context) {
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
    } finally {
      await client.close();
    }
  },
});
