import type { JobStatus, QuarryClient } from '@quarry/client';
import { DEFAULT_TENANT } from '@quarry/core';
import { type ApiKeyInfo, type QuarryQueues, type RedisGate, readExtractionJob } from '@quarry/queue';
import { type Response, Router } from 'express';
import { ApiError } from '../api-error';
import { apiKeyOf, inScope } from '../api-key-auth';
import { jobViewOf } from '../job-view';

/** A job id the API looks up: 1-256 letters, digits and `. _ : @ -` (ids it hands out are UUIDs). */
const JOB_ID = /^[A-Za-z0-9._:@-]{1,256}$/;
/** A `wait` value: whole seconds. */
const WAIT = /^\d{1,6}$/;

/** Options of {@link jobRoutes}. */
export interface JobRoutesOptions {
  readonly client: QuarryClient;
  readonly queue: QuarryQueues['queue'];
  readonly gate: RedisGate;
  /** Longest long-poll, in seconds (longer `wait` values are clamped). */
  readonly maxWaitSeconds: number;
  readonly pollIntervalMs: number;
}

type KnownStatus = Exclude<JobStatus, { state: 'unknown' }>;

/**
 * `GET /v1/jobs/{id}` (where a job stands) and `GET /v1/jobs/{id}/result?wait=N` (the same, waiting
 * up to N seconds, clamped, for the job to finish: 200 once completed or dead-lettered, 202 while it
 * is not; the wait ends when the client goes away). A job of a workflow outside the key's scope, or
 * of another tenant than the key's, is answered as not found.
 */
export function jobRoutes(options: JobRoutesOptions): Router {
  const router = Router();
  const lookUp = async (id: string, info: ApiKeyInfo): Promise<KnownStatus> => {
    if (!JOB_ID.test(id)) {
      throw new ApiError({
        code: 'invalid_request',
        message: 'the job id must be 1-256 letters, digits, . _ : @ or -',
      });
    }
    const status = await options.client.getStatus(id);
    const workflow = status.state === 'unknown' ? null : await workflowOf(status, options);
    const visible =
      status.state !== 'unknown' &&
      workflow !== null &&
      inScope(info, workflow) &&
      (info.tenant === null || (await tenantOf(status, options)) === info.tenant);
    if (!visible) throw new ApiError({ code: 'not_found', message: `no job ${id} for this API key` });
    return status;
  };
  router.get('/v1/jobs/:id', async (req, res) => {
    res.json(jobViewOf(await lookUp(req.params.id, apiKeyOf(res))));
  });
  router.get('/v1/jobs/:id/result', async (req, res) => {
    const waitSeconds = waitOf(req.query.wait, options.maxWaitSeconds);
    const info = apiKeyOf(res);
    const gone = goneSignal(res);
    const deadline = Date.now() + waitSeconds * 1000;
    let status = await lookUp(req.params.id, info);
    while (!finished(status) && Date.now() < deadline && !gone.aborted) {
      await sleep(Math.min(options.pollIntervalMs, deadline - Date.now()), gone);
      if (gone.aborted) break;
      status = await lookUp(req.params.id, info);
    }
    if (gone.aborted) return;
    res.status(finished(status) ? 200 : 202).json(jobViewOf(status));
  });
  return router;
}

const finished = (status: KnownStatus) => status.state === 'completed' || status.state === 'dead-lettered';

/** The workflow a job runs: from its result, its DLQ record, else its job data; null when none can be read. */
async function workflowOf(status: KnownStatus, options: JobRoutesOptions): Promise<string | null> {
  if (status.state === 'completed') return status.result.workflow;
  if (status.state === 'dead-lettered' && status.record) return status.record.workflow;
  const job = await options.gate.run('read job', () =>
    readExtractionJob({ queue: options.queue, jobId: status.jobId }),
  );
  const workflow = (job?.data as { workflow?: unknown } | undefined)?.workflow;
  return typeof workflow === 'string' ? workflow : null;
}

/**
 * The tenant of a job (read from its data), for a key scoped to a tenant; null when the job's data is
 * gone (removed by retention): such a job is not shown to a tenant's key.
 */
async function tenantOf(status: KnownStatus, options: JobRoutesOptions): Promise<string | null> {
  const job = await options.gate.run('read job', () =>
    readExtractionJob({ queue: options.queue, jobId: status.jobId }),
  );
  if (!job) return null;
  const tenant = (job.data as { tenant?: unknown } | undefined)?.tenant;
  return tenant === undefined ? DEFAULT_TENANT : typeof tenant === 'string' ? tenant : null;
}

/** `wait` in seconds: absent is 0, a whole number is clamped to `max`, anything else is refused. */
function waitOf(value: unknown, max: number): number {
  if (value === undefined) return 0;
  if (typeof value !== 'string' || !WAIT.test(value)) {
    throw new ApiError({
      code: 'invalid_request',
      message: `wait must be a whole number of seconds (at most ${max} are waited)`,
    });
  }
  return Math.min(Number(value), max);
}

/** Aborted when the client closes the connection before the answer was sent. */
function goneSignal(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, Math.max(0, ms));
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
