import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRetentionSweeps } from './create-retention-sweeps';
import { captureLog } from './test-fixtures/capture-log';

afterEach(() => {
  vi.useRealTimers();
});

describe('createRetentionSweeps', () => {
  it('logs a sweep that fails (Redis gone) as a warning object and sweeps again at the next interval', async () => {
    vi.useFakeTimers();
    const { lines, log } = captureLog();
    let sweeps = 0;
    const sweeper = createRetentionSweeps({
      retention: {
        sweep: async () => {
          sweeps += 1;
          if (sweeps === 1) throw new Error('Connection is closed.');
          return { removedByCount: 2, removedByAge: 0 };
        },
      },
      intervalMs: 1000,
      log,
    });
    sweeper.start();
    await vi.advanceTimersByTimeAsync(1000);
    await sweeper.settled();
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: 'retention sweep failed' }));
    await vi.advanceTimersByTimeAsync(1000);
    await sweeper.settled();
    expect(sweeps).toBe(2);
    sweeper.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(sweeps).toBe(2);
  });

  it('runs one sweep at a time: an interval that finds one running joins it', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    let sweeps = 0;
    const sweeper = createRetentionSweeps({
      retention: {
        sweep: () => {
          sweeps += 1;
          return new Promise((resolve) => {
            release = () => resolve({ removedByCount: 0, removedByAge: 0 });
          });
        },
      },
      intervalMs: 100,
      log: captureLog().log,
    });
    sweeper.start();
    await vi.advanceTimersByTimeAsync(350);
    expect(sweeps).toBe(1);
    release();
    await sweeper.settled();
    sweeper.stop();
  });
});
