import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { quarryKeys } from './keys';
import { LoginFailureCounter } from './login-failure-counter';

describe('LoginFailureCounter', () => {
  it('counts failures per bucket within a window that starts with the first one', async ({
    redis,
    prefix,
  }) => {
    const counter = new LoginFailureCounter({ redis, keys: quarryKeys({ prefix }) });
    const client = { scope: 'client', id: '203.0.113.7', windowMs: 60_000 } as const;
    const account = { scope: 'account', id: 'alice', windowMs: 120_000 } as const;
    expect(await counter.read([client, account])).toEqual([
      { failures: 0, remainingMs: 0 },
      { failures: 0, remainingMs: 0 },
    ]);
    await counter.record([client, account]);
    await counter.record([account]);
    const [c, a] = await counter.read([client, account]);
    expect(c?.failures).toBe(1);
    expect(a?.failures).toBe(2);
    expect(c?.remainingMs).toBeGreaterThan(50_000);
    expect(c?.remainingMs).toBeLessThanOrEqual(60_000);
    expect(a?.remainingMs).toBeGreaterThan(110_000);
    await counter.clear([client]);
    expect((await counter.read([client, account])).map((w) => w.failures)).toEqual([0, 2]);
  });

  it('starts again at 0 once the window has ended', async ({ redis, prefix }) => {
    const counter = new LoginFailureCounter({ redis, keys: quarryKeys({ prefix }) });
    const bucket = { scope: 'client', id: '198.51.100.1', windowMs: 50 } as const;
    await counter.record([bucket]);
    await counter.record([bucket]);
    await expect
      .poll(async () => (await counter.read([bucket]))[0]?.failures, { timeout: 5_000, interval: 20 })
      .toBe(0);
    await counter.record([bucket]);
    expect((await counter.read([bucket]))[0]?.failures).toBe(1);
  });
});
