import { describe, expect, it } from 'vitest';
import { chaosPlan } from './chaos-plan';

describe('chaosPlan', () => {
  it('spreads the kills and puts the Redis restart in the middle, in order', () => {
    expect(chaosPlan({ kills: 3, redisRestarts: 1 })).toEqual([
      { kind: 'kill-worker', at: 0.2 },
      { kind: 'kill-worker', at: 0.4 },
      { kind: 'restart-redis', at: 0.5 },
      { kind: 'kill-worker', at: 0.6 },
    ]);
    expect(chaosPlan({ kills: 1, redisRestarts: 1 })).toEqual([
      { kind: 'kill-worker', at: 0.4 },
      { kind: 'restart-redis', at: 0.5 },
    ]);
    expect(chaosPlan({ kills: 0, redisRestarts: 0 })).toEqual([]);
  });
});
