import { readBlobConfig } from '@quarry/blobs';
import { DeadLetteredError, type EnqueuedJob, type QuarryClient } from '@quarry/client';
import { dlqReasonLabel, type ExtractionJobResult } from '@quarry/queue';
import type { z } from 'zod';
import { cliConfig } from '../cli-config';
import type { CliContext } from '../cli-context';
import { cliModelsConfig } from '../cli-models-config';
import { cliWorkflowCatalog } from '../cli-workflow-catalog';
import { exitCodeOf } from '../error-exits';
import { exitCodes } from '../exit-codes';
import { deadlineAt } from './deadline-flag';
import type { EnqueueFlags, EnqueueRequest } from './enqueue-flags';
import type { ReadDocument } from './read-document';
import { readDocument } from './read-document';
import { splitReportLine } from './split-report-line';

function completedOutput(jobId: string, result: ExtractionJobResult) {
  return {
    jobId,
    status: 'completed' as const,
    data: result.data,
    needsReview: result.needsReview,
    ...(result.needsReview ? { reviewReasons: result.reviewReasons } : {}),
    attempts: result.attempts,
    usage: result.usage,
    costUsd: result.costUsd,
    // Grounded workflows: where each value is in the document, how far it can be trusted, what to review.
    ...(result.provenance ? { provenance: result.provenance } : {}),
    ...(result.fieldConfidence ? { fieldConfidence: result.fieldConfidence } : {}),
    ...(result.weakFields ? { weakFields: result.weakFields } : {}),
    // A split job: how it was split into children and merged.
    ...(result.split ? { split: result.split } : {}),
  };
}

/** `, needs review (no_text_layer, weak_fields)`: why a result waits for a person; empty when it does not. */
function reviewNote(result: ExtractionJobResult): string {
  if (!result.needsReview) return '';
  return result.reviewReasons.length === 0
    ? ', needs review'
    : `, needs review (${result.reviewReasons.join('; ')})`;
}

async function enqueueAndWait(
  request: EnqueueRequest,
  document: ReadDocument,
  client: QuarryClient,
  context: CliContext,
): Promise<number> {
  const options = {
    ...(request.version !== undefined ? { version: request.version } : {}),
    ...(request.idempotencyKey !== undefined ? { idempotencyKey: request.idempotencyKey } : {}),
    ...(request.tenant !== undefined ? { tenant: request.tenant } : {}),
    ...(request.historyScope !== undefined ? { historyScope: request.historyScope } : {}),
    ...(request.effort !== undefined ? { effort: request.effort } : {}),
    ...(request.budget !== undefined ? { budget: request.budget } : {}),
    ...(request.lane !== undefined ? { lane: request.lane } : {}),
    ...(request.deadline !== undefined
      ? { deadline: deadlineAt({ deadline: request.deadline, nowMs: Date.now() }) }
      : {}),
  };
  let job: EnqueuedJob;
  let stored: { key: string; mediaType: string; size: number } | undefined;
  if (document.kind === 'text') {
    job = await client.enqueue(request.workflow, { text: document.text }, options);
  } else {
    const enqueued = await client.enqueueDocument({
      workflow: request.workflow,
      bytes: document.bytes,
      mediaType: document.mediaType,
      options,
    });
    job = enqueued;
    stored = {
      key: enqueued.document.key,
      mediaType: enqueued.document.mediaType,
      size: enqueued.document.size,
    };
    if (!request.json) context.stderr(`stored ${stored.mediaType} (${stored.size} bytes) as ${stored.key}\n`);
  }
  const print = (value: unknown) =>
    context.stdout(`${JSON.stringify(value, null, request.json ? undefined : 2)}\n`);
  const note = job.created ? '' : ' (existing job for this idempotency key)';
  if (!request.wait) {
    if (request.json)
      print({
        jobId: job.jobId,
        workflow: job.workflow,
        version: job.version,
        created: job.created,
        ...(stored ? { document: stored } : {}),
      });
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
        `job ${job.jobId} completed after ${result.attempts} model call(s), ${cost}${reviewNote(result)}\n`,
      );
      if (result.split) context.stderr(`${splitReportLine(result.split)}\n`);
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

/** Runs `quarry enqueue`. */
export async function enqueue(request: z.output<typeof EnqueueFlags>, context: CliContext): Promise<number> {
  const config = cliConfig(context.env);
  const blobConfig =
    'file' in request.source ? readBlobConfig({ env: context.env, program: 'CLI', cwd: context.cwd }) : null;
  const models = 'file' in request.source ? cliModelsConfig(context) : null;
  // Read before connecting: a bad file is a usage error that needs no Redis.
  const document = await readDocument({
    source: request.source,
    cwd: context.cwd,
    maxDocumentBytes: blobConfig?.maxBytes ?? 0,
  });
  const { registry } = await cliWorkflowCatalog(context);
  // Loaded once the job is ready to go: the client (BullMQ, ioredis) and the S3 SDK are large.
  const { createBlobStore, createQuarryClient } = await import('./on-demand');
  const blobs = document.kind === 'document' && blobConfig ? createBlobStore(blobConfig) : null;
  const client = createQuarryClient({
    redisUrl: config.redisUrl,
    registry,
    config: config.queue,
    ...(blobs ? { blobs: blobs.store } : {}),
    ...(models ? { modelTable: models.modelTable } : {}),
    ...(models?.defaultModel ? { defaultModel: models.defaultModel } : {}),
  });
  try {
    return await enqueueAndWait(request, document, client, context);
  } finally {
    await client.close();
    blobs?.close();
  }
}
