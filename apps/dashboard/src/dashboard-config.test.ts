import { describe, expect, it } from 'vitest';
import { assertSafeAuth, loadDashboardConfig } from './dashboard-config';
import { DashboardConfigError } from './dashboard-config-error';

const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    loadDashboardConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof DashboardConfigError)) throw error;
    return error.problems;
  }
};

describe('loadDashboardConfig', () => {
  it('refuses to start without users unless auth is explicitly off', () => {
    expect(problemsOf({})).toEqual([
      expect.stringMatching(/^DASHBOARD_USERS: no users; set comma-separated/),
    ]);
  });

  it('allows auth off only on 127.0.0.1', () => {
    expect(problemsOf({ DASHBOARD_AUTH: 'off' })).toEqual([]);
    expect(problemsOf({ DASHBOARD_AUTH: 'off', DASHBOARD_HOST: '0.0.0.0' })).toEqual([
      'DASHBOARD_AUTH: off is allowed only with DASHBOARD_HOST=127.0.0.1, not "0.0.0.0"',
    ]);
    expect(loadDashboardConfig({ DASHBOARD_AUTH: 'off' })).toMatchObject({
      authDisabled: true,
      host: '127.0.0.1',
    });
  });

  it('reads every setting', () => {
    const config = loadDashboardConfig({
      DASHBOARD_USERS: 'alice:admin:pw',
      DASHBOARD_HOST: '0.0.0.0',
      DASHBOARD_PORT: '8080',
      DASHBOARD_SESSION_SECRET: 'x'.repeat(32),
      DASHBOARD_SESSION_TTL_HOURS: '2',
      DASHBOARD_ORIGIN: 'https://quarry.example.com',
      DASHBOARD_TRUST_PROXY: 'true',
      DASHBOARD_REPLAY_RATE: '5',
      DASHBOARD_REPLAY_CONCURRENCY: '2',
      QUARRY_MAX_REDRIVES: '5',
      QUARRY_DLQ_REPLAYED_RETENTION_DAYS: '7',
      QUARRY_PREFIX: '{acme}',
      REDIS_URL: 'rediss://:secret@redis.example.com:6380',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      authDisabled: false,
      sessionTtlMs: 7_200_000,
      origin: 'https://quarry.example.com',
      trustProxy: true,
      replayRate: 5,
      replayConcurrency: 2,
      maxRedrives: 5,
      replayedRetentionMs: 7 * 86_400_000,
      queue: { prefix: '{acme}' },
    });
    expect(config.sessionKey.toString()).toBe('x'.repeat(32));
    expect(config.users.map((user) => user.name)).toEqual(['alice']);
  });

  it('names every bad variable', () => {
    expect(
      problemsOf({
        DASHBOARD_USERS: 'alice:boss:pw',
        DASHBOARD_PORT: 'eighty',
        DASHBOARD_SESSION_SECRET: 'short',
        DASHBOARD_ORIGIN: 'https://quarry.example.com/path',
        QUARRY_PREFIX: 'no-tag',
        DASHBOARD_AUTH: 'maybe',
      }),
    ).toEqual([
      'DASHBOARD_PORT: must be a port 0-65535, got "eighty"',
      'DASHBOARD_AUTH: must be one of on, true, 1, yes, off, false, 0, no, got "maybe"',
      'DASHBOARD_USERS: entry 1 (alice): the role must be admin or viewer',
      'DASHBOARD_SESSION_SECRET: must have at least 32 characters',
      'DASHBOARD_ORIGIN: must be an origin such as https://quarry.example.com, got "https://quarry.example.com/path"',
      'QUARRY_PREFIX: must contain a {hash tag}, e.g. {quarry}',
    ]);
  });
});

describe('assertSafeAuth', () => {
  it('guards configurations built in code too', () => {
    expect(() => assertSafeAuth({ authDisabled: true, users: [], host: '0.0.0.0' })).toThrow(
      DashboardConfigError,
    );
    expect(() => assertSafeAuth({ authDisabled: false, users: [], host: '127.0.0.1' })).toThrow(
      DashboardConfigError,
    );
    expect(() => assertSafeAuth({ authDisabled: true, users: [], host: '127.0.0.1' })).not.toThrow();
  });
});
