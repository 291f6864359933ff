import { createHash } from 'node:crypto';
import {
  DocumentRejectedError,
  type EnqueuedJob,
  type EnqueueOptions,
  EnqueueValidationError,
  type QuarryClient,
} from '@quarry/client';
import type { BlobStore } from '@quarry/core';
import {
  type ApiIdempotencyStore,
  type ApiKeyInfo,
  JobData,
  type JobTrace,
  MAX_JOB_TRACESTATE_LENGTH,
  type RedisGate,
} from '@quarry/queue';
import { parseTraceparent } from '@quarry/tracing';
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import type { z } from 'zod';
import { ApiError, type ApiProblem } from '../api-error';
import { apiKeyOf, inScope } from '../api-key-auth';
import type { EnqueuedJobView } from '../job-view';

/** Largest `Idempotency-Key`: 1-200 printable ASCII characters. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;
/** Room for the multipart framing and the `job` part beside the document. */
const MULTIPART_SLACK_BYTES = 64 * 1024;

/** Options of {@link postJobRoute}. */
export interface PostJobRouteOptions {
  readonly client: QuarryClient;
  readonly blobs: BlobStore;
  readonly idempotency: ApiIdempotencyStore;
  readonly gate: RedisGate;
  readonly maxJsonBytes: number;
}

/** The problems of a zod error as `{ path, message }`, paths dotted (`input.lineItems.0.amount`). */
export function problemsOf(error: z.ZodError): ApiProblem[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const invalidJob = (problems: readonly ApiProblem[]) =>
  new ApiError({
    code: 'invalid_job',
    message: `the job is not valid: ${problems.map((p) => `${p.path || '(job)'}: ${p.message}`).join('; ')}`,
    details: { problems: [...problems] },
  });

/**
 * `POST /v1/jobs`: a job as `application/json` (the JobData contract; a document by URL or small
 * base64 in `input.document`), or as `multipart/form-data` with a `job` part (the same JSON, without
 * `input.document`) and a `document` file part, stored in the blob store (`enqueueDocument`).
 * Answers 202 `{ id, state }`, or 200 with the first job when an `Idempotency-Key` was used before with
 * the same body (409 `idempotency_conflict` with another body).
 */
export function postJobRoute(options: PostJobRouteOptions): Router {
  const router = Router();
  const json = express.json({ limit: options.maxJsonBytes, type: () => true, strict: true });
  const multipart = express.raw({
    limit: options.blobs.maxBytes + options.maxJsonBytes + MULTIPART_SLACK_BYTES,
    type: () => true,
  });
  const byType: RequestHandler = (req, res, next) => {
    if (req.is('application/json')) return json(req, res, next);
    if (req.is('multipart/form-data')) return multipart(req, res, next);
    throw new ApiError({
      code: 'unsupported_media_type',
      message:
        'send the job as application/json, or as multipart/form-data with a job part and a document file',
    });
  };
  router.post('/v1/jobs', byType, async (req, res) => {
    const info = apiKeyOf(res);
    const idempotencyKey = idempotencyKeyOf(req);
    const trace = traceOf(req);
    if (req.is('multipart/form-data')) {
      await postMultipart({ ...options, req, res, info, idempotencyKey, trace });
    } else {
      await postJson({ ...options, req, res, info, idempotencyKey, trace });
    }
  });
  return router;
}

interface PostContext extends PostJobRouteOptions {
  readonly req: Request;
  readonly res: Response;
  readonly info: ApiKeyInfo;
  readonly idempotencyKey: string | undefined;
  /** The request's W3C trace context headers, when `traceparent` is valid. */
  readonly trace: JobTrace | undefined;
}

/**
 * The job's `trace` from the request's `traceparent` and `tracestate` headers. As in the worker, a
 * traceparent that is not W3C is ignored (the job is enqueued untraced), never an error; a
 * tracestate is kept only beside a valid traceparent and when it fits the job contract.
 */
function traceOf(req: Request): JobTrace | undefined {
  const traceparent = req.headers.traceparent;
  if (typeof traceparent !== 'string' || parseTraceparent(traceparent.trim()) === null) return undefined;
  // Node joins repeated tracestate headers with ", ", as W3C asks.
  const state = typeof req.headers.tracestate === 'string' ? req.headers.tracestate.trim() : undefined;
  return {
    traceparent: traceparent.trim(),
    ...(state && state.length <= MAX_JOB_TRACESTATE_LENGTH ? { tracestate: state } : {}),
  };
}

function idempotencyKeyOf(req: Request): string | undefined {
  const value = req.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw new ApiError({
      code: 'invalid_request',
      message: 'the Idempotency-Key header must be 1-200 printable ASCII characters without spaces',
    });
  }
  return value;
}

/** The job part checked against the contract, its scope and what HTTP producers may not set. */
function checkedJob(body: unknown, info: ApiKeyInfo, upload: boolean): JobData {
  const parsed = JobData.safeParse(body);
  if (!parsed.success) throw invalidJob(problemsOf(parsed.error));
  const data = parsed.data;
  const problems: ApiProblem[] = [];
  if (data.part !== undefined)
    problems.push({ path: 'part', message: 'is set by workers for split jobs only' });
  if (data.lineage !== undefined) problems.push({ path: 'lineage', message: 'is set by replays only' });
  const document = (data.input as { document?: { source?: { type?: unknown } } } | null)?.document;
  if (upload && document !== undefined) {
    problems.push({
      path: 'input.document',
      message: 'comes from the document part of the upload; leave it out',
    });
  } else if (document?.source?.type === 'blob') {
    problems.push({
      path: 'input.document.source',
      message:
        'must be a url or base64 document; upload the bytes as multipart/form-data instead of a blob key',
    });
  }
  if (problems.length > 0) throw invalidJob(problems);
  if (!inScope(info, data.workflow)) {
    throw new ApiError({
      code: 'forbidden_workflow',
      message: `this API key may not enqueue jobs of workflow ${data.workflow}`,
    });
  }
  return withKeyTenant(info, data);
}

/**
 * A key scoped to a tenant enqueues for that tenant only: a job naming none gets the key's, a job
 * naming another is refused (403 `forbidden_tenant`).
 */
function withKeyTenant(info: ApiKeyInfo, data: JobData): JobData {
  if (info.tenant === null) return data;
  if (data.tenant !== undefined && data.tenant !== info.tenant) {
    throw new ApiError({
      code: 'forbidden_tenant',
      message: `this API key may enqueue jobs of tenant ${info.tenant} only`,
    });
  }
  return { ...data, tenant: info.tenant };
}

/** The enqueue options of a checked job: the request's trace headers win over the body's `trace`. */
function enqueueOptionsOf(
  data: JobData,
  idempotencyKey: string | undefined,
  trace: JobTrace | undefined,
): EnqueueOptions {
  const { workflow: _w, input: _i, part: _p, lineage: _l, idempotencyKey: _k, ...rest } = data;
  return {
    ...rest,
    ...(idempotencyKey !== undefined ? { idempotencyKey } : {}),
    ...(trace !== undefined ? { trace } : {}),
  };
}

/**
 * Runs `enqueue` under the request's idempotency key (the header, or the job's own `idempotencyKey`;
 * both must agree): a body seen before with this key gives the first job (the queue's idempotency
 * under a key of this API key's own), another body is a conflict. A job refused after the key was
 * first claimed frees the key again, so a corrected body may use it.
 */
async function withIdempotency(
  context: PostContext,
  data: JobData,
  digest: string,
  enqueue: (jobKey: string | undefined) => Promise<EnqueuedJob>,
): Promise<void> {
  const { req: _req, res, info, gate, idempotency } = context;
  if (context.idempotencyKey !== undefined && data.idempotencyKey !== undefined) {
    if (context.idempotencyKey !== data.idempotencyKey) {
      throw invalidJob([{ path: 'idempotencyKey', message: 'differs from the Idempotency-Key header' }]);
    }
  }
  const key = context.idempotencyKey ?? data.idempotencyKey;
  let claim: 'new' | 'same' | null = null;
  if (key !== undefined) {
    const verdict = await gate.run('idempotency', () =>
      idempotency.claim({ apiKeyId: info.id, idempotencyKey: key, bodyDigest: digest }),
    );
    if (verdict === 'conflict') {
      throw new ApiError({
        code: 'idempotency_conflict',
        message: 'this Idempotency-Key was used with another body; use a new key for a new job',
      });
    }
    claim = verdict;
  }
  const jobKey = key === undefined ? undefined : `api:${info.id}:${sha256(key)}`;
  let job: EnqueuedJob;
  try {
    job = await enqueue(jobKey);
  } catch (error) {
    if (key !== undefined && claim === 'new' && isRefusal(error)) {
      await gate.run('idempotency', () =>
        idempotency.release({ apiKeyId: info.id, idempotencyKey: key, bodyDigest: digest }),
      );
    }
    throw error;
  }
  const view: EnqueuedJobView = { id: job.jobId, state: 'queued' };
  if (!job.created) {
    const status = await context.client.getStatus(job.jobId);
    if (status.state !== 'unknown') view.state = stateName(status.state);
  }
  res.status(job.created ? 202 : 200).json(view);
}

const isRefusal = (error: unknown) =>
  error instanceof EnqueueValidationError || error instanceof DocumentRejectedError;

const stateName = (state: string): EnqueuedJobView['state'] =>
  state === 'failed-retrying'
    ? 'retrying'
    : state === 'dead-lettered'
      ? 'dead_lettered'
      : (state as EnqueuedJobView['state']);

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

async function postJson(context: PostContext): Promise<void> {
  const body: unknown = context.req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidJob([{ path: '', message: 'must be a JSON object (the job data)' }]);
  }
  const data = checkedJob(body, context.info, false);
  await withIdempotency(context, data, sha256(JSON.stringify(body)), (jobKey) =>
    context.client.enqueue(data.workflow, data.input, enqueueOptionsOf(data, jobKey, context.trace)),
  );
}

async function postMultipart(context: PostContext): Promise<void> {
  const { req } = context;
  let form: FormData;
  try {
    form = await new Response(req.body as Buffer, {
      headers: { 'content-type': req.headers['content-type'] ?? '' },
    }).formData();
  } catch (error) {
    throw new ApiError({
      code: 'invalid_request',
      message: 'the multipart/form-data body cannot be read',
      cause: error,
    });
  }
  const jobPart = form.get('job');
  const jobText = typeof jobPart === 'string' ? jobPart : jobPart === null ? null : await jobPart.text();
  if (jobText === null) {
    throw new ApiError({
      code: 'invalid_request',
      message: 'the upload has no job part (the job data as JSON)',
    });
  }
  const document = form.get('document');
  if (document === null || typeof document === 'string') {
    throw new ApiError({
      code: 'invalid_request',
      message: 'the upload has no document part (the document as a file)',
    });
  }
  let job: unknown;
  try {
    job = JSON.parse(jobText);
  } catch (error) {
    throw new ApiError({ code: 'invalid_json', message: 'the job part is not valid JSON', cause: error });
  }
  if (typeof job !== 'object' || job === null || Array.isArray(job)) {
    throw invalidJob([{ path: '', message: 'must be a JSON object (the job data)' }]);
  }
  const withInput = { ...job, input: (job as { input?: unknown }).input ?? {} };
  const data = checkedJob(withInput, context.info, true);
  const bytes = new Uint8Array(await document.arrayBuffer());
  if (typeof data.input !== 'object' || data.input === null || Array.isArray(data.input)) {
    throw invalidJob([{ path: 'input', message: 'must be an object (the document is added to it)' }]);
  }
  // The blob store has its own deadline per call; this bounds the whole upload.
  const signal = AbortSignal.timeout(60_000);
  await withIdempotency(context, data, sha256(`${JSON.stringify(withInput)}\n${sha256(bytes)}`), (jobKey) =>
    context.client.enqueueDocument({
      workflow: data.workflow,
      bytes,
      input: data.input as Record<string, unknown>,
      options: enqueueOptionsOf(data, jobKey, context.trace),
      signal,
    }),
  );
}
