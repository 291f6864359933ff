import type { ErrorRequestHandler } from 'express';
import type { Logger } from 'pino';
import { redisUnavailable } from './redis-gate';
import type { RedisReadiness } from './redis-readiness';
import { sendProblem } from './send-problem';

/** The client error a body parser reported (http-errors: a 4xx `status` it marks safe to show), or null. */
function clientError(error: unknown): { status: number; message: string; limit?: number } | null {
  const { status, expose, message, limit } = error as {
    status?: unknown;
    expose?: unknown;
    message?: unknown;
    limit?: unknown;
  };
  if (typeof status !== 'number' || status < 400 || status > 499 || expose !== true) return null;
  return {
    status,
    message: typeof message === 'string' ? message : 'bad request',
    ...(typeof limit === 'number' ? { limit } : {}),
  };
}

/**
 * The last handler: a path the router could not decode gets 400, a request body the parser refused
 * its 4xx (413 for an oversized form); any
 * other failure gets 503 when Redis is what failed (unreachable or not answering), else 500.
 * Logs name the error and the path, never a request body.
 */
export function errorHandler(options: {
  readonly readiness: RedisReadiness;
  readonly log: Logger;
}): ErrorRequestHandler {
  const { readiness, log } = options;
  return async (error, req, res, _next) => {
    const err = { name: (error as Error).name, message: (error as Error).message };
    if (res.headersSent) {
      log.error({ err, path: req.path }, 'request failed after its answer began');
      return;
    }
    if (error instanceof URIError && (error as { status?: unknown }).status === 400) {
      // The router could not decode a %-escape of the path (`/jobs/%E0%A4%A`).
      sendProblem(req, res, {
        status: 400,
        error: 'bad_request',
        title: 'Bad request',
        message: 'The address could not be read: it holds a malformed %-escape.',
      });
      return;
    }
    const refused = clientError(error);
    if (refused) {
      const tooLarge = refused.status === 413;
      sendProblem(req, res, {
        status: refused.status,
        error: tooLarge ? 'payload_too_large' : 'bad_request',
        title: tooLarge ? 'Too large' : 'Bad request',
        message: tooLarge
          ? `The form is too large: this page accepts at most ${Math.floor((refused.limit ?? 0) / 1024)} KiB.`
          : `The request could not be read: ${refused.message}.`,
      });
      return;
    }
    const problems = await readiness.check();
    if (problems.length > 0) {
      log.warn({ err, path: req.path, problems }, 'request failed: Redis is unavailable');
      sendProblem(req, res, redisUnavailable);
      return;
    }
    log.error({ err, path: req.path }, 'request failed');
    sendProblem(req, res, {
      status: 500,
      error: 'internal',
      title: 'Request failed',
      message: 'The request failed; see the dashboard log.',
    });
  };
}
