import type { DashboardSessionStore } from '@quarry/queue';
import { type SessionData, Store } from 'express-session';

/** Options of {@link RedisSessionStore}. */
export interface RedisSessionStoreOptions {
  /** The Redis side, in @quarry/queue (key named by a hash of the session id, TTL = the session's end). */
  readonly sessions: DashboardSessionStore;
  readonly now: () => number;
}

type Callback = (error?: unknown) => void;

/**
 * express-session's store over @quarry/queue's `DashboardSessionStore`. A session lives until its own
 * `expiresAt`, however often it is used: there is no `touch`, and each save keeps that end as the key's
 * TTL. Redis errors go to express-session, which passes them on (the request then gets 503).
 */
export class RedisSessionStore extends Store {
  readonly #sessions: DashboardSessionStore;
  readonly #now: () => number;

  constructor(options: RedisSessionStoreOptions) {
    super();
    this.#sessions = options.sessions;
    this.#now = options.now;
  }

  override get(sid: string, callback: (error: unknown, session?: SessionData | null) => void): void {
    this.#sessions.find(sid).then((found) => {
      // Only sessions this store saved carry their cookie; anything else is no session.
      const readable = found !== null && typeof found.cookie === 'object' && found.cookie !== null;
      callback(null, readable ? (found as unknown as SessionData) : null);
    }, callback);
  }

  override set(sid: string, session: SessionData, callback?: Callback): void {
    this.#sessions
      .save({ token: sid, session: { ...session }, now: this.#now() })
      .then(() => callback?.(), callback);
  }

  override destroy(sid: string, callback?: Callback): void {
    this.#sessions.delete(sid).then(() => callback?.(), callback);
  }
}
