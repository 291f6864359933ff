import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';

/** The span context of a job's first run: what later runs of the job link to. */
export interface FirstRunTrace {
  /** 32 lower-case hex digits. */
  readonly traceId: string;
  /** 16 lower-case hex digits. */
  readonly spanId: string;
  /** The trace flags byte (bit 0: sampled). */
  readonly traceFlags: number;
}

/** Options of {@link FirstRunTraceStore}. */
export interface FirstRunTraceStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
  /** How long a job generation's first-run context is kept (the attempt records' lifetime). */
  readonly ttlSeconds: number;
}

const STORED = /^([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * The span context of each job generation's first run (`<trace id>-<span id>-<flags>`, 52 bytes, a
 * key per job generation kept as long as its attempt records), so that the job span of a retry,
 * which starts a trace of its own, links to the first run's. Used only while tracing is on.
 */
export class FirstRunTraceStore {
  readonly #redis: RedisClient;
  readonly #keys: QuarryKeys;
  readonly #ttlSeconds: number;

  constructor(options: FirstRunTraceStoreOptions) {
    if (!Number.isInteger(options.ttlSeconds) || options.ttlSeconds < 1) {
      throw new TypeError(`ttlSeconds must be a positive integer, got ${options.ttlSeconds}`);
    }
    this.#redis = options.redis;
    this.#keys = options.keys;
    this.#ttlSeconds = options.ttlSeconds;
  }

  /** The first run's context of job generation `jobKey` (`attemptJobKey`), or null when none is kept (or it is unreadable). */
  async read(jobKey: string): Promise<FirstRunTrace | null> {
    const raw = await this.#redis.get(this.#keys.firstRunTrace(jobKey));
    const match = raw === null ? null : STORED.exec(raw);
    if (!match) return null;
    return {
      traceId: match[1] as string,
      spanId: match[2] as string,
      traceFlags: Number.parseInt(match[3] as string, 16),
    };
  }

  /**
   * Keeps `trace` as the first run's context of `jobKey` unless one is kept already (SET NX, with the TTL).
   * @returns true when it was kept now.
   * @throws TypeError when `trace` is not a trace id, span id and flags byte in hex.
   */
  async remember(jobKey: string, trace: FirstRunTrace): Promise<boolean> {
    const flags = Math.trunc(trace.traceFlags);
    const value = `${trace.traceId}-${trace.spanId}-${(flags & 0xff).toString(16).padStart(2, '0')}`;
    if (!STORED.test(value) || flags !== (flags & 0xff)) {
      throw new TypeError('a first-run trace is a 32-hex trace id, a 16-hex span id and a flags byte');
    }
    const set = await this.#redis.set(this.#keys.firstRunTrace(jobKey), value, 'EX', this.#ttlSeconds, 'NX');
    return set === 'OK';
  }
}
