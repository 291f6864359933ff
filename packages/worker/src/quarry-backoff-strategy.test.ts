import { describe, expect, it } from 'vitest';
import { quarryBackoffStrategy } from './quarry-backoff-strategy';
import { RetryLaterError } from './retry-later-error';

describe('quarryBackoffStrategy', () => {
  const strategy = quarryBackoffStrategy({ baseMs: 100, capMs: 1000, random: () => 0.5 });

  it('uses the delay the failure policy chose', () => {
    const error = new RetryLaterError({ delayMs: 4321, kind: 'transient', message: 'overloaded' });
    expect(strategy(1, 'quarry', error)).toBe(4321);
  });

  it('falls back to capped full-jitter backoff for errors the policy did not see', () => {
    expect(strategy(1, 'quarry', new Error('lost'))).toBe(50);
    expect(strategy(3, 'quarry', new Error('lost'))).toBe(200);
    expect(strategy(12, 'quarry', undefined)).toBe(500);
  });
});
