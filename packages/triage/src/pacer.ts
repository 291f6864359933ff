/** Spaces out starts: `wait()` resolves at most `ratePerSecond` times per second, evenly. */
export interface Pacer {
  /** Resolves when the caller may start its next unit of work. */
  wait(): Promise<void>;
}

/** Options of {@link createPacer}. */
export interface PacerOptions {
  /** Starts per second; undefined for no limit. */
  readonly ratePerSecond?: number | undefined;
  /** Clock in milliseconds. */
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<void>;
}

/**
 * A fixed-spacing pacer: start k waits for slot `first + k / rate`, slots are handed out in call
 * order (also to concurrent callers), and a caller that falls behind does not earn a burst later, so
 * the rate is smooth rather than bursty. Clock and sleep are injected so tests can use fake time.
 * @throws RangeError when the rate is not a positive finite number.
 */
export function createPacer(options: PacerOptions): Pacer {
  const { ratePerSecond, now, sleep } = options;
  if (ratePerSecond === undefined) return { wait: async () => {} };
  if (!Number.isFinite(ratePerSecond) || ratePerSecond <= 0) {
    throw new RangeError(`rate must be a positive number of jobs per second, got ${ratePerSecond}`);
  }
  const intervalMs = 1000 / ratePerSecond;
  let nextSlot: number | undefined;
  return {
    async wait() {
      const at = now();
      const slot = nextSlot === undefined ? at : Math.max(nextSlot, at);
      nextSlot = slot + intervalMs;
      const delay = slot - at;
      if (delay > 0) await sleep(delay);
    },
  };
}
