import { describe, expect, it } from 'vitest';
import { createPacer } from './pacer';

/** A clock that only moves when a sleep ends: `sleep(ms)` wakes at `now + ms`, in time order. */
function fakeTime() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleeps,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      const wake = now + ms;
      await Promise.resolve();
      now = Math.max(now, wake);
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('createPacer', () => {
  it('spaces starts evenly at the rate', async () => {
    const time = fakeTime();
    const pacer = createPacer({ ratePerSecond: 4, now: time.now, sleep: time.sleep });
    const starts: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await pacer.wait();
      starts.push(time.now());
    }
    expect(starts).toEqual([0, 250, 500, 750, 1000]);
  });

  it('hands concurrent callers consecutive slots', async () => {
    const time = fakeTime();
    const pacer = createPacer({ ratePerSecond: 10, now: time.now, sleep: time.sleep });
    await Promise.all([pacer.wait(), pacer.wait(), pacer.wait(), pacer.wait()]);
    // All four asked at t=0: the first starts at once, the others wait for slots 100, 200 and 300.
    expect(time.sleeps).toEqual([100, 200, 300]);
  });

  it('does not burst to catch up after a slow start', async () => {
    const time = fakeTime();
    const pacer = createPacer({ ratePerSecond: 2, now: time.now, sleep: time.sleep });
    await pacer.wait();
    time.advance(5000);
    await pacer.wait();
    await pacer.wait();
    expect(time.sleeps).toEqual([500]);
  });

  it('never waits without a rate', async () => {
    const time = fakeTime();
    const pacer = createPacer({ now: time.now, sleep: time.sleep });
    for (let i = 0; i < 3; i += 1) await pacer.wait();
    expect(time.sleeps).toEqual([]);
  });

  it('refuses a rate that is not positive', () => {
    const time = fakeTime();
    for (const rate of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createPacer({ ratePerSecond: rate, now: time.now, sleep: time.sleep })).toThrow(
        RangeError,
      );
    }
  });
});
