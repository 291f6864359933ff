import type { ApiKeyInfo, ApiKeyStore, ApiRateLimiter, RedisGate } from '@quarry/queue';
import type { RequestHandler, Response } from 'express';
import { ApiError } from './api-error';

const BEARER = /^Bearer ([\x21-\x7e]{1,512})$/;

/** The API key a request was made with (set by {@link apiKeyAuth}). */
export function apiKeyOf(res: Response): ApiKeyInfo {
  const info = res.locals.apiKey as ApiKeyInfo | undefined;
  if (!info) throw new Error('apiKeyAuth did not run before this route');
  return info;
}

/** True when key `info` may enqueue and read jobs of `workflow`. */
export function inScope(info: ApiKeyInfo, workflow: string): boolean {
  return info.workflows === '*' || info.workflows.includes(workflow);
}

/**
 * Lets a request through only with `Authorization: Bearer <key>` of a key that is neither unknown nor
 * revoked, then counts it against the key's rate limit (429 `rate_limited` with `Retry-After`).
 * Both run before the body is read, so refused requests cost no parsing.
 */
export function apiKeyAuth(options: {
  readonly apiKeys: ApiKeyStore;
  readonly limiter: ApiRateLimiter;
  readonly gate: RedisGate;
}): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers.authorization;
    const match = header === undefined ? null : BEARER.exec(header);
    if (!match?.[1]) {
      throw new ApiError({
        code: 'unauthorized',
        message:
          header === undefined
            ? 'the request has no Authorization header; send Authorization: Bearer <API key>'
            : 'the Authorization header must be Bearer <API key>',
      });
    }
    const key = match[1];
    const verdict = await options.gate.run('verify API key', () => options.apiKeys.verify(key));
    if (!verdict.ok) {
      throw new ApiError({
        code: 'unauthorized',
        message: verdict.reason === 'revoked' ? 'the API key was revoked' : 'the API key is not known',
      });
    }
    const decision = await options.gate.run('rate limit', () => options.limiter.take(verdict.info.id));
    if (!decision.allowed) {
      const retryAfterSeconds = Math.ceil(decision.retryAfterMs / 1000);
      throw new ApiError({
        code: 'rate_limited',
        message: `too many requests with this API key; try again in ${retryAfterSeconds} s`,
        details: { retryAfterSeconds },
      });
    }
    res.locals.apiKey = verdict.info;
    next();
  };
}
