import { createHash, randomBytes } from 'node:crypto';
import type { DashboardSessionStore } from '@quarry/queue';
import type { BasicCredentials } from './basic-credentials';
import type { DashboardRole, DashboardUser } from './dashboard-user';
import { verifyPassword } from './password-hash';

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
  /** Where sessions live (Redis), so logging out ends them everywhere. */
  readonly sessions: DashboardSessionStore;
  readonly now: () => number;
  /** How long a verified Basic-auth header is remembered, so hashes are not re-derived on every poll. */
  readonly basicCacheMs?: number;
}

/** Session tokens are 32 random bytes in base64url; anything else is not looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Checks passwords (constant time, hashes allowed), server-side sessions and Basic-auth headers. */
export class Authenticator {
  readonly #users: Map<string, DashboardUser>;
  readonly #sessions: DashboardSessionStore;
  readonly #now: () => number;
  readonly #basicCacheMs: number;
  readonly #basicCache = new Map<string, { name: string; digest: string; until: number }>();

  constructor(options: AuthenticatorOptions) {
    if (options.users.length === 0) throw new TypeError('the authenticator needs at least one user');
    this.#users = new Map(options.users.map((user) => [user.name, user]));
    this.#sessions = options.sessions;
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

  /** Starts a session for `user` lasting `ttlMs`; returns its cookie token. */
  async startSession(user: DashboardUser, ttlMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.#now();
    await this.#sessions.save({
      token,
      session: { user: user.name, secretDigest: user.secretDigest, expiresAt: now + ttlMs },
      now,
    });
    return token;
  }

  /** The principal of a session token, or null when there is no such session (ended, logged out, password changed). */
  async fromSession(token: string): Promise<Principal | null> {
    if (!TOKEN.test(token)) return null;
    const session = await this.#sessions.find(token);
    const user = session && this.#users.get(session.user);
    if (!session || !user || user.secretDigest !== session.secretDigest || session.expiresAt <= this.#now())
      return null;
    return { name: user.name, role: user.role, via: 'session', csrfIdentity: token };
  }

  /** Ends the session of `token` (logout); its cookie is refused from now on. */
  async endSession(token: string): Promise<void> {
    if (TOKEN.test(token)) await this.#sessions.delete(token);
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
