import { createHash } from 'node:crypto';
import type { DashboardRole, DashboardUser } from './dashboard-user';
import { verifyPassword } from './password-hash';
import type { SessionSigner } from './session-signer';

/** Who a request acts for, and how it proved it. */
export interface Principal {
  readonly name: string;
  readonly role: DashboardRole;
  readonly via: 'session' | 'basic' | 'open';
  /** What the CSRF token of this principal's forms is derived from. */
  readonly csrfIdentity: string;
}

/** Options of {@link Authenticator}. */
export interface AuthenticatorOptions {
  readonly users: readonly DashboardUser[];
  readonly signer: SessionSigner;
  readonly now: () => number;
  /** How long a verified Basic-auth header is remembered, so hashes are not re-derived on every poll. */
  readonly basicCacheMs?: number;
}

const BASIC = /^Basic ([A-Za-z0-9+/=]+)$/i;

/** Checks passwords (constant time, hashes allowed), session cookies and Basic-auth headers. */
export class Authenticator {
  readonly #users: Map<string, DashboardUser>;
  readonly #signer: SessionSigner;
  readonly #now: () => number;
  readonly #basicCacheMs: number;
  readonly #basicCache = new Map<string, { name: string; digest: string; until: number }>();

  constructor(options: AuthenticatorOptions) {
    if (options.users.length === 0) throw new TypeError('the authenticator needs at least one user');
    this.#users = new Map(options.users.map((user) => [user.name, user]));
    this.#signer = options.signer;
    this.#now = options.now;
    this.#basicCacheMs = options.basicCacheMs ?? 60_000;
  }

  /** The user with this name and password, or null. An unknown name costs the same as a wrong password. */
  async checkPassword(name: string, password: string): Promise<DashboardUser | null> {
    const user = this.#users.get(name);
    const secret = (user ?? (this.#users.values().next().value as DashboardUser)).secret;
    const ok = await verifyPassword(secret, password);
    return user && ok ? user : null;
  }

  /** Whether a user of this name is configured (log lines name only known users, never a mistyped password). */
  hasUser(name: string): boolean {
    return this.#users.has(name);
  }

  /** The principal of a session token, or null when it is invalid or expired. */
  fromSession(token: string): Principal | null {
    const claims = this.#signer.verify(token, (name) => this.#users.get(name), this.#now());
    const user = claims && this.#users.get(claims.name);
    return user ? { name: user.name, role: user.role, via: 'session', csrfIdentity: token } : null;
  }

  /** The principal of an `Authorization: Basic …` header, or null (also for any other scheme). */
  async fromBasic(header: string): Promise<Principal | null> {
    const match = BASIC.exec(header.trim());
    if (!match) return null;
    const cacheKey = createHash('sha256').update(header.trim()).digest('base64url');
    const cached = this.#basicCache.get(cacheKey);
    const now = this.#now();
    if (cached && cached.until > now) {
      const user = this.#users.get(cached.name);
      if (user && user.secretDigest === cached.digest) return this.#basicPrincipal(user);
    }
    const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    const user = await this.checkPassword(decoded.slice(0, colon), decoded.slice(colon + 1));
    if (!user) return null;
    if (this.#basicCache.size > 1000) this.#basicCache.clear();
    this.#basicCache.set(cacheKey, {
      name: user.name,
      digest: user.secretDigest,
      until: now + this.#basicCacheMs,
    });
    return this.#basicPrincipal(user);
  }

  /** A new session token for `user`. */
  issueSession(user: DashboardUser, ttlMs: number): string {
    return this.#signer.issue(user, this.#now() + ttlMs);
  }

  #basicPrincipal(user: DashboardUser): Principal {
    return {
      name: user.name,
      role: user.role,
      via: 'basic',
      csrfIdentity: `basic\n${user.name}\n${user.secretDigest}`,
    };
  }
}
