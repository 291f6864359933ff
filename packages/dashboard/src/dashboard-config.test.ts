import { ConfigError, type EnvProblem } from '@quarry/env';
import { describe, expect, it } from 'vitest';
import { assertSafeAuth, dashboardVariables, loadDashboardConfig } from './dashboard-config';

const problemsOf = (env: Record<string, string>): readonly EnvProblem[] => {
  try {
    loadDashboardConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
};

const messageOf = (env: Record<string, string>): string => {
  try {
    loadDashboardConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
};

describe('loadDashboardConfig', () => {
  it('refuses to start without users unless auth is explicitly off', () => {
    expect(problemsOf({})).toEqual([
      {
        variable: 'DASHBOARD_USERS',
        expected: expect.stringMatching(
          /^comma-separated name:role:password .* \(required unless DASHBOARD_AUTH=off with DASHBOARD_HOST=127\.0\.0\.1\)$/,
        ),
        received: null,
      },
    ]);
    expect(problemsOf({ DASHBOARD_USERS: ' , ' }).map((problem) => problem.variable)).toEqual([
      'DASHBOARD_USERS',
    ]);
  });

  it('allows auth off only on 127.0.0.1', () => {
    expect(problemsOf({ DASHBOARD_AUTH: 'off' })).toEqual([]);
    expect(problemsOf({ DASHBOARD_AUTH: 'false', DASHBOARD_HOST: '0.0.0.0' })).toEqual([
      {
        variable: 'DASHBOARD_AUTH',
        expected: 'on, or off only with DASHBOARD_HOST=127.0.0.1 (it is "0.0.0.0")',
        received: '"false"',
      },
    ]);
    expect(loadDashboardConfig({ DASHBOARD_AUTH: 'off' })).toMatchObject({
      authDisabled: true,
      host: '127.0.0.1',
    });
  });

  it('takes the documented defaults', () => {
    const config = loadDashboardConfig({ DASHBOARD_USERS: 'alice:admin:pw', DASHBOARD_PORT: '  ' });
    expect({ ...config, users: config.users.length, sessionKey: config.sessionKey.length }).toEqual({
      host: '127.0.0.1',
      port: 3100,
      users: 1,
      authDisabled: false,
      sessionKey: 32,
      sessionTtlMs: 8 * 3_600_000,
      origin: null,
      trustProxy: false,
      redisUrl: 'redis://127.0.0.1:6379',
      allowEviction: false,
      workflowFiles: [],
      queue: {},
      maxRedrives: 3,
      replayedRetentionMs: 30 * 86_400_000,
      replayRate: undefined,
      replayConcurrency: 4,
      documents: 'all',
      anthropic: null,
      logLevel: 'info',
      logFormat: 'auto',
    });
    // Without a configured secret every start signs with a new random key.
    expect(loadDashboardConfig({ DASHBOARD_AUTH: 'off' }).sessionKey).not.toEqual(config.sessionKey);
  });

  it('reads every variable it lists', () => {
    const env = {
      DASHBOARD_USERS: 'alice:admin:pw',
      DASHBOARD_AUTH: 'on',
      DASHBOARD_HOST: '0.0.0.0',
      DASHBOARD_PORT: '8080',
      DASHBOARD_SESSION_SECRET: 'x'.repeat(32),
      DASHBOARD_SESSION_TTL_HOURS: '2',
      DASHBOARD_ORIGIN: 'https://quarry.example.com',
      DASHBOARD_TRUST_PROXY: '10.0.0.0/8, loopback',
      DASHBOARD_REPLAY_RATE: '5',
      DASHBOARD_REPLAY_CONCURRENCY: '2',
      DASHBOARD_DOCUMENTS: 'Admin',
      QUARRY_MAX_REDRIVES: '5',
      QUARRY_DLQ_REPLAYED_RETENTION_DAYS: '7',
      REDIS_URL: 'rediss://:secret@redis.example.com:6380',
      REDIS_ALLOW_EVICTION: 'yes',
      QUARRY_PREFIX: '{acme}',
      QUARRY_QUEUE: 'docs',
      QUARRY_DLQ: 'docs-dlq',
      QUARRY_ALLOWED_MODELS: 'claude-opus-4-1',
      ANTHROPIC_API_KEY: 'sk-test',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:4010',
      ANTHROPIC_MAX_RETRIES: '1',
      ANTHROPIC_TIMEOUT_MS: '5000',
      LOG_LEVEL: 'DEBUG',
      LOG_FORMAT: 'json',
      QUARRY_WORKFLOWS: 'workflows',
    };
    expect(Object.keys(env).sort()).toEqual([...dashboardVariables].sort());
    const config = loadDashboardConfig(env);
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 8080,
      authDisabled: false,
      sessionTtlMs: 7_200_000,
      origin: 'https://quarry.example.com',
      trustProxy: ['10.0.0.0/8', 'loopback'],
      replayRate: 5,
      replayConcurrency: 2,
      documents: 'admin',
      maxRedrives: 5,
      replayedRetentionMs: 7 * 86_400_000,
      redisUrl: 'rediss://:secret@redis.example.com:6380',
      allowEviction: true,
      workflowFiles: ['workflows'],
      queue: {
        prefix: '{acme}',
        queueName: 'docs',
        dlqName: 'docs-dlq',
        allowedModels: ['claude-opus-4-1'],
      },
      anthropic: { apiKey: 'sk-test', baseURL: 'http://127.0.0.1:4010', maxRetries: 1, timeoutMs: 5000 },
      logLevel: 'debug',
      logFormat: 'json',
    });
    expect(config.sessionKey.toString()).toBe('x'.repeat(32));
    expect(config.users.map((user) => user.name)).toEqual(['alice']);
  });

  it('names every bad variable and the form it expects, never echoing a secret', () => {
    const message = messageOf({
      DASHBOARD_USERS: 'alice:boss:hunter2',
      DASHBOARD_PORT: 'eighty',
      DASHBOARD_SESSION_SECRET: 'short-secret',
      DASHBOARD_ORIGIN: 'https://quarry.example.com/path',
      DASHBOARD_AUTH: 'maybe',
      DASHBOARD_REPLAY_CONCURRENCY: '0',
      QUARRY_PREFIX: 'no-tag',
      REDIS_URL: 'http://user:pa55@cache:6379',
      REDIS_ALLOW_EVICTION: 'sometimes',
      LOG_LEVEL: 'loud',
      LOG_FORMAT: 'xml',
    });
    expect(message).toBe(
      [
        'Invalid dashboard configuration:',
        '- DASHBOARD_USERS: expected comma-separated name:role:password entries, role admin, reviewer or viewer, password plain or a scrypt: hash; entry 1 (alice): the role must be admin, reviewer or viewer, got [redacted]',
        '- DASHBOARD_AUTH: expected one of true, false, 1, 0, yes, no, on, off, got "maybe"',
        '- DASHBOARD_PORT: expected an integer from 0 to 65535, got "eighty"',
        '- DASHBOARD_SESSION_SECRET: expected a secret of at least 32 characters, got [redacted]',
        '- DASHBOARD_ORIGIN: expected an origin (scheme://host[:port], no path) such as https://quarry.example.com, got "https://quarry.example.com/path"',
        '- DASHBOARD_REPLAY_CONCURRENCY: expected an integer from 1 to 64, got "0"',
        '- REDIS_URL: expected a redis:// or rediss:// URL, e.g. redis://:password@host:6379/0, got http://user:***@cache:6379/',
        '- REDIS_ALLOW_EVICTION: expected one of true, false, 1, 0, yes, no, on, off, got "sometimes"',
        '- QUARRY_PREFIX: expected a key prefix containing a {hash tag}, e.g. {quarry}, got "no-tag"',
        '- LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"',
        '- LOG_FORMAT: expected one of auto, json, pretty, got "xml"',
      ].join('\n'),
    );
    expect(message).not.toMatch(/hunter2|short-secret|pa55/);
  });

  it('takes DASHBOARD_TRUST_PROXY as false, a hop count or proxy addresses and subnets', () => {
    const trustOf = (value: string) =>
      loadDashboardConfig({ DASHBOARD_AUTH: 'off', DASHBOARD_TRUST_PROXY: value }).trustProxy;
    expect(trustOf('false')).toBe(false);
    expect(trustOf('off')).toBe(false);
    expect(trustOf('0')).toBe(false);
    expect(trustOf('1')).toBe(1);
    expect(trustOf(' 2 ')).toBe(2);
    expect(trustOf('10.0.0.0/8,fd00::/8 , 192.168.1.7,uniquelocal')).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '192.168.1.7',
      'uniquelocal',
    ]);
  });

  it('refuses DASHBOARD_TRUST_PROXY=true, which would trust any client-written X-Forwarded-For', () => {
    const form =
      'false, the number of reverse proxies in front of the dashboard (1 to 16), or a comma-separated list of their addresses or subnets (e.g. 10.0.0.0/8, loopback)';
    for (const value of ['true', 'on', 'YES']) {
      expect(problemsOf({ DASHBOARD_AUTH: 'off', DASHBOARD_TRUST_PROXY: value })).toEqual([
        {
          variable: 'DASHBOARD_TRUST_PROXY',
          expected: `${form}; "${value}" would trust every X-Forwarded-For entry, which the client controls`,
          received: JSON.stringify(value),
        },
      ]);
    }
    expect(problemsOf({ DASHBOARD_AUTH: 'off', DASHBOARD_TRUST_PROXY: '10.0.0.0/33, proxy, 17' })).toEqual([
      {
        variable: 'DASHBOARD_TRUST_PROXY',
        expected: `${form}; not an address or subnet: "10.0.0.0/33", "proxy", "17"`,
        received: '"10.0.0.0/33, proxy, 17"',
      },
    ]);
    expect(problemsOf({ DASHBOARD_AUTH: 'off', DASHBOARD_TRUST_PROXY: '99' })[0]?.expected).toBe(
      `${form}; 99 hops is more than 16`,
    );
  });

  it('takes a Redis Cluster URL, as producers and workers do', () => {
    expect(problemsOf({ DASHBOARD_AUTH: 'off', REDIS_URL: 'redis+cluster://node-1:7000' })).toEqual([]);
    expect(
      loadDashboardConfig({ DASHBOARD_AUTH: 'off', REDIS_URL: 'redis+cluster://node-1:7000' }).redisUrl,
    ).toBe('redis+cluster://node-1:7000');
  });
});

describe('assertSafeAuth', () => {
  it('guards configurations built in code too', () => {
    expect(() => assertSafeAuth({ authDisabled: true, users: [], host: '0.0.0.0' })).toThrow(ConfigError);
    expect(() => assertSafeAuth({ authDisabled: false, users: [], host: '127.0.0.1' })).toThrow(
      '- DASHBOARD_USERS: expected comma-separated',
    );
    expect(() => assertSafeAuth({ authDisabled: true, users: [], host: '127.0.0.1' })).not.toThrow();
  });
});

describe('DASHBOARD_DOCUMENTS', () => {
  it('keeps documents from viewers only when set to admin; the default shows them to everyone', () => {
    const documentsOf = (env: Record<string, string>) =>
      loadDashboardConfig({ DASHBOARD_AUTH: 'off', ...env }).documents;
    expect(documentsOf({})).toBe('all');
    expect(documentsOf({ DASHBOARD_DOCUMENTS: ' all ' })).toBe('all');
    expect(documentsOf({ DASHBOARD_DOCUMENTS: 'ADMIN' })).toBe('admin');
  });

  it('refuses any other value, naming the variable and the values it takes', () => {
    for (const value of ['viewer', 'none', 'admins', 'true']) {
      expect(messageOf({ DASHBOARD_AUTH: 'off', DASHBOARD_DOCUMENTS: value })).toBe(
        `Invalid dashboard configuration:\n- DASHBOARD_DOCUMENTS: expected one of all, admin, got "${value}"`,
      );
    }
  });
});
