import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DashboardUser } from './dashboard-user';

/** What a valid session cookie says. */
export interface SessionClaims {
  readonly name: string;
  readonly expiresAt: number;
}

/**
 * Signs stateless session tokens: `base64url(JSON claims).base64url(HMAC-SHA256)`, the MAC also
 * covering the user's secret digest, so a changed password ends that user's sessions. CSRF tokens of
 * the dashboard's own forms are derived from the session the same way.
 */
export class SessionSigner {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length < 32) throw new RangeError('the session key must have at least 32 bytes');
    this.#key = key;
  }

  #mac(parts: readonly string[]): Buffer {
    return createHmac('sha256', this.#key).update(parts.join('\n')).digest();
  }

  /** A token for `user` valid until `expiresAt` (ms). */
  issue(user: DashboardUser, expiresAt: number): string {
    const claims = { n: user.name, e: expiresAt, r: randomBytes(8).toString('base64url') };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.#mac(['session', payload, user.secretDigest]).toString('base64url')}`;
  }

  /** The claims of a token whose MAC is right for the named user and which has not expired; else null. */
  verify(
    token: string,
    findUser: (name: string) => DashboardUser | undefined,
    now: number,
  ): SessionClaims | null {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return null;
    let claims: { n?: unknown; e?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { n?: unknown; e?: unknown };
    } catch {
      return null;
    }
    if (typeof claims.n !== 'string' || typeof claims.e !== 'number') return null;
    const user = findUser(claims.n);
    if (!user) return null;
    const expected = this.#mac(['session', payload, user.secretDigest]);
    const given = Buffer.from(mac, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (claims.e <= now) return null;
    return { name: claims.n, expiresAt: claims.e };
  }

  /** The CSRF token of forms shown to the holder of `identity` (a session token, or a Basic-auth user). */
  csrfToken(identity: string): string {
    return this.#mac(['csrf', identity]).toString('base64url');
  }

  /** True when `token` is the CSRF token of `identity`, compared in constant time. */
  checkCsrf(identity: string, token: unknown): boolean {
    if (typeof token !== 'string') return false;
    const expected = Buffer.from(this.csrfToken(identity));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
