import { describe, expect, it } from 'vitest';
import { stuckWatch } from './stuck-watch';

describe('stuckWatch', () => {
  it('asks for a description every third of the limit without progress, then calls the run stuck', () => {
    let clock = 0;
    const watch = stuckWatch({ stuckMs: 90_000, now: () => clock });
    expect(watch.observe(5).kind).toBe('moving');
    clock = 29_000;
    expect(watch.observe(5).kind).toBe('moving');
    clock = 30_000;
    expect(watch.observe(5)).toEqual({ kind: 'describe', idleMs: 30_000 });
    clock = 31_000;
    expect(watch.observe(5).kind).toBe('moving');
    clock = 60_000;
    expect(watch.observe(5)).toEqual({ kind: 'describe', idleMs: 60_000 });
    clock = 90_000;
    expect(watch.observe(5)).toEqual({ kind: 'stuck', idleMs: 90_000 });
  });

  it('starts over whenever a job finishes', () => {
    let clock = 0;
    const watch = stuckWatch({ stuckMs: 90_000, now: () => clock });
    watch.observe(1);
    clock = 80_000;
    expect(watch.observe(2).kind).toBe('moving');
    clock = 169_000;
    expect(watch.observe(2).kind).not.toBe('stuck');
    clock = 170_000;
    expect(watch.observe(2).kind).toBe('stuck');
  });
});
