import type { Response } from 'express';
import { z } from 'zod';

/** The stable codes of the HTTP API's errors, each with its HTTP status. */
export const apiErrorStatus = {
  invalid_request: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden_workflow: 403,
  forbidden_tenant: 403,
  not_found: 404,
  idempotency_conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  invalid_job: 422,
  invalid_document: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

/** One stable error code (`invalid_json`, `unauthorized`, …). */
export const ApiErrorCode = z.enum(Object.keys(apiErrorStatus) as [keyof typeof apiErrorStatus]);
export type ApiErrorCode = z.infer<typeof ApiErrorCode>;

/** One problem of a refused job: where (`input.text`, `workflow`, `''` for the whole job) and what. */
export const ApiProblem = z.object({ path: z.string(), message: z.string() });
export type ApiProblem = z.infer<typeof ApiProblem>;

/** The body of every error answer: `{ error: { code, message, details? } }`. */
export const ApiErrorBody = z.object({
  error: z.object({
    code: ApiErrorCode,
    message: z.string(),
    details: z
      .object({
        problems: z.array(ApiProblem).optional(),
        retryAfterSeconds: z.number().int().optional(),
        maxBytes: z.number().int().optional(),
      })
      .optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

/** An error answered as `{ error: { code, message, details? } }` with the code's HTTP status; the message never holds document text or secrets. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  readonly details: ApiErrorBody['error']['details'];

  constructor(options: {
    readonly code: ApiErrorCode;
    readonly message: string;
    readonly details?: ApiErrorBody['error']['details'];
    readonly cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.code = options.code;
    this.details = options.details;
  }

  get status(): number {
    return apiErrorStatus[this.code];
  }
}

/** Answers `error` (with `Retry-After` for `rate_limited`) unless the answer has begun. */
export function sendApiError(res: Response, error: ApiError): void {
  if (res.headersSent) return;
  const retryAfter = error.details?.retryAfterSeconds;
  if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
  const body: ApiErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details !== undefined ? { details: error.details } : {}),
    },
  };
  res.status(error.status).json(body);
}
