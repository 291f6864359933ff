import type { Request, RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True for methods that change something. */
export function isMutating(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** The origin requests should come from: the configured public origin, else this request's own. */
function expectedOrigin(req: Request, configured: string | null): string {
  return configured ?? `${req.protocol}://${req.get('host') ?? ''}`;
}

/**
 * CSRF guard for every mutating request: a browser always tells where a request comes from
 * (`Sec-Fetch-Site`, `Origin`), and anything not from this origin is refused with 403. Requests
 * without either header do not come from a browser (curl, scripts), so they cannot be forged by a
 * page; they still need credentials. The dashboard's own forms carry a token as well, and the
 * session cookie is SameSite=Strict.
 */
export function sameOriginMutations(configuredOrigin: string | null): RequestHandler {
  return (req, res, next) => {
    if (!isMutating(req.method)) return next();
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    if (site !== undefined && site !== 'same-origin') {
      res
        .status(403)
        .json({ error: 'forbidden', message: `cross-site request refused (Sec-Fetch-Site: ${site})` });
      return;
    }
    if (origin !== undefined && origin !== expectedOrigin(req, configuredOrigin)) {
      res.status(403).json({ error: 'forbidden', message: 'request from another origin refused' });
      return;
    }
    next();
  };
}

/**
 * With authentication off, only requests addressed to the loopback host itself are served, so a page
 * on another site cannot reach the dashboard through DNS rebinding.
 */
export function loopbackHostOnly(port: () => number): RequestHandler {
  return (req, res, next) => {
    const host = req.get('host') ?? '';
    const allowed = [`127.0.0.1:${port()}`, `localhost:${port()}`];
    if (!allowed.includes(host.toLowerCase())) {
      res
        .status(421)
        .type('text/plain')
        .send(`This dashboard answers only to ${allowed.join(' or ')}`);
      return;
    }
    next();
  };
}
