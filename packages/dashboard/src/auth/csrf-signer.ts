import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Derives the CSRF tokens of the dashboard's own forms from who is logged in (a session token, or a
 * Basic-auth user): HMAC-SHA256 under the configured key, so every replica with the same
 * DASHBOARD_SESSION_SECRET accepts the forms of the others.
 */
export class CsrfSigner {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length < 32) throw new RangeError('the session key must have at least 32 bytes');
    this.#key = key;
  }

  /** The CSRF token of forms shown to the holder of `identity`. */
  csrfToken(identity: string): string {
    return createHmac('sha256', this.#key).update(`csrf\n${identity}`).digest('base64url');
  }

  /** True when `token` is the CSRF token of `identity`, compared in constant time. */
  checkCsrf(identity: string, token: unknown): boolean {
    if (typeof token !== 'string') return false;
    const expected = Buffer.from(this.csrfToken(identity));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
