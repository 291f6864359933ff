import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import type { Logger } from 'pino';
import type { Authenticator, Principal } from '../auth/authenticator';
import { basicCredentials } from '../auth/basic-credentials';
import type { LoginThrottle } from '../auth/login-throttle';
import { setPrincipal } from '../auth/principal';
import { clearSessionCookie, endSession, startSession } from '../auth/session-cookie';
import { loginPage } from '../pages/login-page';

/** A path to return to after logging in: same-site paths only, never another host. */
function safeNext(value: unknown): string {
  return typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.includes('\\')
    ? value
    : '/';
}

/** True when the request is a page load by a browser, which gets the login form rather than JSON. */
function wantsPage(req: Request): boolean {
  return (
    req.method === 'GET' &&
    (req.get('sec-fetch-mode') === 'navigate' || (req.get('accept') ?? '').includes('text/html'))
  );
}

/** Answers 401: the login form for browsers' page loads, JSON otherwise (with a Basic challenge for non-browsers). */
function unauthorized(req: Request, res: Response): void {
  res.status(401);
  if (wantsPage(req)) {
    res.type('html').send(loginPage({ next: safeNext(req.originalUrl) }).value);
    return;
  }
  // Browsers would pop up their own password dialog on a Basic challenge; they use the login form instead.
  if (req.get('sec-fetch-mode') === undefined)
    res.set('WWW-Authenticate', 'Basic realm="Quarry dashboard", charset="UTF-8"');
  res.json({ error: 'unauthorized', message: 'log in at /login or send HTTP Basic credentials' });
}

/** Options of {@link authRoutes}. */
export interface AuthRoutesOptions {
  readonly authenticator: Authenticator;
  readonly throttle: LoginThrottle;
  readonly sessionTtlMs: number;
  readonly log: Logger;
}

/** GET/POST /login and POST /logout (public routes). */
export function authRoutes(options: AuthRoutesOptions): Router {
  const { authenticator, throttle, log } = options;
  // A name that is no user may be a password typed into the wrong field: it is not logged.
  const who = (name: string) => (authenticator.hasUser(name) ? { user: name } : { unknownUser: true });
  const router = Router();
  router.get('/login', (req, res) => {
    res.type('html').send(loginPage({ next: safeNext(req.query.next) }).value);
  });
  router.post('/login', express.urlencoded({ extended: false, limit: '8kb' }), async (req, res) => {
    const client = req.ip ?? 'unknown';
    const body = (req.body ?? {}) as Record<string, unknown>;
    const next = safeNext(body.next);
    const name = typeof body.username === 'string' ? body.username : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const attempt = { client, account: name };
    const wait = await throttle.retryAfterMs(attempt);
    if (wait > 0) {
      log.warn({ ...who(name), client }, 'login refused: too many failed logins');
      res.set('Retry-After', String(Math.ceil(wait / 1000)));
      res
        .status(429)
        .type('html')
        .send(loginPage({ next, error: 'Too many failed logins; try again later.' }).value);
      return;
    }
    const user = name && password ? await authenticator.checkPassword(name, password) : null;
    if (!user) {
      await throttle.recordFailure(attempt);
      log.warn({ ...who(name), client }, 'login failed');
      res
        .status(401)
        .type('html')
        .send(loginPage({ next, error: 'Unknown user or wrong password.' }).value);
      return;
    }
    await throttle.recordSuccess(attempt);
    await startSession(req, authenticator.sessionOf(user, options.sessionTtlMs));
    log.info({ user: user.name, role: user.role, client }, 'logged in');
    res.redirect(303, next);
  });
  router.post('/logout', async (req, res) => {
    if (req.session?.user !== undefined) await endSession(req);
    clearSessionCookie(req, res);
    res.redirect(303, '/login');
  });
  return router;
}

/**
 * Requires a valid session cookie or HTTP Basic credentials on every route after it; attaches the
 * principal, or answers 401. With authentication off, everyone is the local admin.
 */
export function requireAuth(options: {
  readonly authenticator: Authenticator | null;
  readonly throttle: LoginThrottle;
}): RequestHandler {
  const open: Principal = { name: 'local', role: 'admin', via: 'open', csrfIdentity: 'open' };
  return async (req, res, next) => {
    const { authenticator } = options;
    if (!authenticator) {
      setPrincipal(res, open);
      return next();
    }
    let principal = authenticator.fromSession(req.session, req.sessionID);
    const header = req.get('authorization');
    if (!principal && header) principal = authenticator.cachedBasic(header);
    const credentials = !principal && header ? basicCredentials(header) : null;
    if (credentials) {
      const attempt = { client: req.ip ?? 'unknown', account: credentials.name };
      const wait = await options.throttle.retryAfterMs(attempt);
      if (wait > 0) {
        res
          .status(429)
          .set('Retry-After', String(Math.ceil(wait / 1000)))
          .json({ error: 'too_many_requests', message: 'too many failed logins; try again later' });
        return;
      }
      principal = await authenticator.fromBasic(header as string, credentials);
      if (principal) await options.throttle.recordSuccess(attempt);
      else await options.throttle.recordFailure(attempt);
    }
    if (!principal) return unauthorized(req, res);
    setPrincipal(res, principal);
    next();
  };
}
