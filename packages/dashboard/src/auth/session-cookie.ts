import { createHmac } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import session, { type SessionData, type Store } from 'express-session';

declare module 'express-session' {
  /** What a dashboard session holds besides its cookie. */
  interface SessionData {
    readonly user: string;
    /** Digest of the user's configured secret at login: a changed password ends the session. */
    readonly secretDigest: string;
    /** When it ends (ms since the epoch), however often it is used. */
    readonly expiresAt: number;
  }
}

/** What the dashboard puts into a session (express-session adds its cookie). */
export type SessionFields = Omit<SessionData, 'cookie'>;

/** Name of the session cookie. */
const SESSION_COOKIE = 'quarry_session';

/** Options of {@link sessionCookie}. */
export interface SessionCookieOptions {
  /** Where sessions live (Redis), so logging out ends them everywhere. */
  readonly store: Store;
  /** DASHBOARD_SESSION_SECRET (or a random key); the cookie's signing key is derived from it. */
  readonly key: Buffer;
  readonly ttlMs: number;
}

/**
 * express-session over `store`: a random session id (uid-safe, 24 bytes) in a signed cookie that is
 * HttpOnly, SameSite=Strict, Secure over https (as `trust proxy` says) and lasts `ttlMs`. Nothing is
 * stored, and no cookie set, before a login, and the cookie is not sent again afterwards (the store
 * keeps the session's own end, so use does not extend it either).
 */
export function sessionCookie(options: SessionCookieOptions): RequestHandler {
  return session({
    name: SESSION_COOKIE,
    secret: createHmac('sha256', options.key).update('quarry session cookie').digest('base64url'),
    store: options.store,
    resave: false,
    saveUninitialized: false,
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'strict', secure: 'auto', path: '/', maxAge: options.ttlMs },
  });
}

/**
 * Logs `data.user` in: a new session id (the one the request came with, if any, ends: no session
 * fixation), saved before this resolves. @throws the store's error (Redis unavailable).
 */
export async function startSession(req: Request, data: SessionFields): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    req.session.regenerate((error) => (error ? reject(error) : resolve())),
  );
  Object.assign(req.session, data);
  await new Promise<void>((resolve, reject) =>
    req.session.save((error) => (error ? reject(error) : resolve())),
  );
}

/** Ends the request's session in the store (logout): its cookie is refused from now on, on every replica. */
export async function endSession(req: Request): Promise<void> {
  await new Promise<void>((resolve, reject) =>
    req.session.destroy((error) => (error ? reject(error) : resolve())),
  );
}

/** Removes the session cookie. */
export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: '/' });
}
