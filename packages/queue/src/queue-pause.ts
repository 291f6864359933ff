import type { Queue } from 'bullmq';
import type { RedisClient } from './redis-connection';
import { type QuarryScriptCommands, withQuarryScripts } from './scripts/quarry-scripts';

/** The count a pause writes: no real limit reaches it (BullMQ's manual rate limit writes the same). */
const SENTINEL = String(Number.MAX_SAFE_INTEGER);
/** Time after a pause's end before its limit is taken back (the limiter key has expired by then). */
const LIFT_MARGIN_MS = 50;

/** Options of {@link QueuePause}. */
export interface QueuePauseOptions {
  readonly redis: RedisClient;
  /** The queue paused (its meta hash and limiter key). */
  readonly queue: Queue;
  /**
   * Also tries to take back a leftover limit this often (one script call; a limit whose pausing worker
   * was killed before it lifted it then costs job fetches two commands for at most this long). Default: never.
   */
  readonly liftEveryMs?: number;
}

/**
 * A queue-wide pause after a 429 that costs a job nothing while none runs. BullMQ honours a manual
 * rate limit only for workers with a limiter, and a limiter costs every job fetch two commands (`GET`
 * and `INCR` of its key). Instead, `pause` sets the queue's global rate limit to a sentinel together
 * with the limiter key, in one script, so every worker stops taking jobs for the pause; once the pause
 * is over, `lift` takes the global limit back (the pausing worker schedules it; a worker also lifts a
 * leftover one when it starts and every `liftEveryMs`). A limit left by a killed worker only costs
 * those two commands per job until the next lift; it never holds jobs back, as the limiter key has expired.
 */
export class QueuePause {
  readonly #redis: RedisClient & QuarryScriptCommands;
  readonly #queue: Queue;
  readonly #timers = new Set<NodeJS.Timeout>();

  readonly #watch: NodeJS.Timeout | null;

  /** @throws RangeError when `liftEveryMs` is not a whole number of milliseconds from 1. */
  constructor(options: QueuePauseOptions) {
    this.#redis = withQuarryScripts(options.redis);
    this.#queue = options.queue;
    const every = options.liftEveryMs;
    if (every !== undefined && (!Number.isSafeInteger(every) || every < 1)) {
      throw new RangeError(`liftEveryMs must be a whole number of milliseconds from 1, got ${every}`);
    }
    this.#watch = every === undefined ? null : setInterval(() => this.lift().catch(() => {}), every);
    this.#watch?.unref();
  }

  /**
   * Stops every worker taking jobs for `pauseMs`, clamped to 1 ms – 2^31 − 1 ms (a longer pause already
   * running is kept).
   * @throws RangeError when `pauseMs` is not a number (nothing is paused).
   */
  async pause(pauseMs: number): Promise<void> {
    if (Number.isNaN(pauseMs)) throw new RangeError('a queue pause needs a number of milliseconds, got NaN');
    const ms = Math.max(1, Math.min(Math.round(pauseMs), 2_147_483_647));
    await this.#redis.quarryPauseQueue(this.#queue.toKey('meta'), this.#queue.toKey('limiter'), ms, SENTINEL);
    const timer = setTimeout(
      () => {
        this.#timers.delete(timer);
        this.lift().catch(() => {});
      },
      Math.min(ms + LIFT_MARGIN_MS, 2_147_483_647),
    );
    timer.unref();
    this.#timers.add(timer);
  }

  /**
   * Takes back the global limit of a pause that is over.
   * @returns true when it was removed; false when a pause still runs or none was set.
   */
  async lift(): Promise<boolean> {
    const lifted = await this.#redis.quarryLiftQueuePause(
      this.#queue.toKey('meta'),
      this.#queue.toKey('limiter'),
      SENTINEL,
    );
    return lifted === 1;
  }

  /** Drops the scheduled lifts (on close; the next worker to start lifts a leftover limit). */
  close(): void {
    if (this.#watch) clearInterval(this.#watch);
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}
