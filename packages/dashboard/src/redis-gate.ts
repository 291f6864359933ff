import type { RequestHandler } from 'express';
import type { RedisReadiness } from './redis-readiness';
import { type Problem, sendProblem } from './send-problem';

/** What a request gets while Redis cannot be used. */
export const redisUnavailable: Problem = {
  status: 503,
  error: 'redis_unavailable',
  title: 'Redis is unavailable',
  message:
    'The dashboard cannot reach Redis, so it can neither show nor change the queues. ' +
    'It answers again as soon as Redis is back; try again in a few seconds.',
  retryAfterS: 5,
};

/**
 * Answers 503 at once, without waiting on Redis, while its connection is down or the start-up
 * self-check has not passed; every route after it needs Redis (sessions and login limits live there too).
 */
export function redisGate(readiness: RedisReadiness): RequestHandler {
  return (req, res, next) => {
    if (readiness.known().length === 0) return next();
    sendProblem(req, res, redisUnavailable);
  };
}
