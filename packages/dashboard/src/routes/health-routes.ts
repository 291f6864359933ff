import { Router } from 'express';
import type { RedisReadiness } from '../redis-readiness';

/**
 * `/healthz` (liveness: the process serves HTTP) and `/readyz` (readiness: Redis reachable, answering
 * and past the self-check, with the problems listed otherwise); both without credentials, never cached.
 */
export function healthRoutes(readiness: RedisReadiness): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ alive: true });
  });
  router.get('/readyz', async (_req, res) => {
    const problems = await readiness.check();
    res
      .status(problems.length === 0 ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ ready: problems.length === 0, reasons: problems });
  });
  return router;
}
