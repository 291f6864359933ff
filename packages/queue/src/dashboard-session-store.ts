import { z } from 'zod';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';

/**
 * A dashboard session as stored: who it is for, bound to that user's configured secret. Other fields
 * (the web layer's own, such as the attributes of its cookie) are kept as they are.
 */
export const DashboardSession = z.looseObject({
  user: z.string().min(1),
  /** Digest of the user's configured secret when the session began: a changed password ends it. */
  secretDigest: z.string().min(1),
  /** When it ends (ms since the epoch); Redis drops it then too. */
  expiresAt: z.number().int().positive(),
});
export type DashboardSession = z.infer<typeof DashboardSession>;

/** Options of {@link DashboardSessionStore}. */
export interface DashboardSessionStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
}

/**
 * Server-side dashboard sessions: one key per session, named by a hash of its token (the session id;
 * the keys themselves reveal no session), holding the session with its lifetime as TTL.
 * Logging out deletes the key, so the cookie stops working at once, on every replica.
 */
export class DashboardSessionStore {
  readonly #redis: RedisClient;
  readonly #keys: QuarryKeys;

  constructor(options: DashboardSessionStoreOptions) {
    this.#redis = options.redis;
    this.#keys = options.keys;
  }

  /** Stores `session` under `token` until `session.expiresAt`. @throws RangeError when it has already ended. */
  async save(options: { readonly token: string; readonly session: DashboardSession; readonly now: number }) {
    const session = DashboardSession.parse(options.session);
    const ttlMs = session.expiresAt - options.now;
    if (ttlMs <= 0) throw new RangeError('the session has already ended');
    await this.#redis.set(this.#keys.dashboardSession(options.token), JSON.stringify(session), 'PX', ttlMs);
  }

  /** The session of `token`, or null when there is none (ended, logged out, never issued, unreadable). */
  async find(token: string): Promise<DashboardSession | null> {
    const stored = await this.#redis.get(this.#keys.dashboardSession(token));
    if (stored === null) return null;
    let json: unknown;
    try {
      json = JSON.parse(stored);
    } catch {
      return null;
    }
    const parsed = DashboardSession.safeParse(json);
    return parsed.success ? parsed.data : null;
  }

  /** Ends the session of `token`; true when there was one. */
  async delete(token: string): Promise<boolean> {
    return (await this.#redis.del(this.#keys.dashboardSession(token))) > 0;
  }
}
