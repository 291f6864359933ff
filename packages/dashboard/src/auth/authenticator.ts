import { createHash } from 'node:crypto';
import type { BasicCredentials } from './basic-credentials';
import type { DashboardRole, DashboardUser } from './dashboard-user';
import { verifyPassword } from './password-hash';
import type { SessionFields } from './session-cookie';

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
  readonly now: () => number;
  /** How long a verified Basic-auth header is remembered, so hashes are not re-derived on every poll. */
  readonly basicCacheMs?: number;
}

/** Checks passwords (constant time, hashes allowed), the sessions they start and Basic-auth headers. */
export class Authenticator {
  readonly #users: Map<string, DashboardUser>;
  readonly #now: () => number;
  readonly #basicCacheMs: number;
  readonly #basicCache = new Map<string, { name: string; digest: string; until: number }>();

  constructor(options: AuthenticatorOptions) {
    if (options.users.length === 0) throw new TypeError('the authenticator needs at least one user');
    this.#users = new Map(options.users.map((user) => [user.name, user]));
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

  /** What a session of `user` lasting `ttlMs` from now holds. */
  sessionOf(user: DashboardUser, ttlMs: number): SessionFields {
    return { user: user.name, secretDigest: user.secretDigest, expiresAt: this.#now() + ttlMs };
  }

  /**
   * The principal of a request's session (`id` the session id), or null when it holds none (not
   * logged in, logged out, ended, or the user's password changed since).
   */
  fromSession(session: Partial<SessionFields> | undefined, id: string): Principal | null {
    const user = session?.user === undefined ? undefined : this.#users.get(session.user);
    if (!session || !user || user.secretDigest !== session.secretDigest) return null;
    if (session.expiresAt === undefined || session.expiresAt <= this.#now()) return null;
    return { name: user.name, role: user.role, via: 'session', csrfIdentity: id };
  }

  /** The principal of a Basic-auth header verified within the last `basicCacheMs`, or null. */
  cachedBasic(header: string): Principal | null {
    const cached = this.#basicCache.get(cacheKey(header));
    if (!cached || cached.until <= this.#now()) return null;
    const user = this.#users.get(cached.name);
    return user && user.secretDigest === cached.digest ? basicPrincipal(user) : null;
  }

  /** Checks the credentials of a Basic-auth `header`; the principal, or null when they are wrong. */
  async fromBasic(header: string, credentials: BasicCredentials): Promise<Principal | null> {
    const user = await this.checkPassword(credentials.name, credentials.password);
    if (!user) return null;
    if (this.#basicCache.size > 1000) this.#basicCache.clear();
    this.#basicCache.set(cacheKey(header), {
      name: user.name,
      digest: user.secretDigest,
      until: this.#now() + this.#basicCacheMs,
    });
    return basicPrincipal(user);
  }
}

const cacheKey = (header: string): string => createHash('sha256').update(header.trim()).digest('base64url');

function basicPrincipal(user: DashboardUser): Principal {
  return {
    name: user.name,
    role: user.role,
    via: 'basic',
    csrfIdentity: `basic\n${user.name}\n${user.secretDigest}`,
  };
}
