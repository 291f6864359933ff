import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { anthropicModelClientDefaults } from '@quarry/anthropic';
import { defaultModelTable, extractDefaults, lessonEffectDefaults } from '@quarry/core';
import { ConfigError } from '@quarry/env';
import { queueDefaults } from '@quarry/queue';
import { afterAll, describe, expect, it } from 'vitest';
import { batchLaneDefaults } from './batch/batch-lane-settings';
import { loadWorkerConfig } from './worker-config';

const minimal = { ANTHROPIC_API_KEY: 'sk-test' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadWorkerConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message.split('\n').slice(1);
    throw error;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('loadWorkerConfig', () => {
  it('fills every default: queue settings from queueDefaults, the rest from the worker', () => {
    const { queue, model, models, modelsFile, anthropic, batch, blobs, ...worker } =
      loadWorkerConfig(minimal);
    expect(queue).toEqual(queueDefaults);
    // The blob store of the CLI's defaults: a directory under the working directory.
    expect(blobs).toEqual({
      kind: 'directory',
      dir: join(process.cwd(), '.quarry', 'blobs'),
      maxBytes: 32 * 1024 * 1024,
      timeoutMs: 30_000,
    });
    expect(batch).toEqual(batchLaneDefaults);
    expect(model).toBe('claude-haiku-5-5');
    expect(model).toBe(extractDefaults.modelId);
    expect([models, modelsFile]).toEqual([defaultModelTable, null]);
    expect(anthropic).toEqual({
      apiKey: 'sk-test',
      baseURL: undefined,
      maxRetries: anthropicModelClientDefaults.maxRetries,
      timeoutMs: anthropicModelClientDefaults.timeoutMs,
    });
    expect(worker).toMatchInlineSnapshot(`
      {
        "allowEviction": false,
        "cache": {
          "placement": "by_cost",
          "rateHalfLifeMs": 1800000,
          "refreshMs": 10000,
        },
        "concurrency": 4,
        "jobMaxCostUsd": null,
        "lessonReadIntervalMs": 1000,
        "lessons": {
          "margin": 0.1,
          "minNotShownJobs": 20,
          "minShownJobs": 50,
        },
        "lockDurationMs": 30000,
        "logFormat": "auto",
        "logLevel": "info",
        "maxStalledCount": 1,
        "metrics": {
          "host": "127.0.0.1",
          "maxSignatureLabels": 20,
          "port": null,
        },
        "rateLimit": {
          "ceilings": {
            "inputTokens": null,
            "outputTokens": null,
            "requests": null,
          },
          "maxBounces": 20,
          "maxPauseMs": 60000,
          "pacing": true,
          "pauseMs": 1000,
        },
        "reconcile": {
          "graceMs": 30000,
          "intervalMs": 60000,
        },
        "redisUrl": "redis://127.0.0.1:6379",
        "retentionSweepMs": 5000,
        "shutdownGraceMs": 30000,
        "stalledIntervalMs": 30000,
        "tenantFiles": [],
        "webhooks": {
          "allowHttp": false,
          "allowPrivateNetworks": [],
          "backoff": {
            "baseMs": 30000,
            "capMs": 14400000,
          },
          "concurrency": 8,
          "maxAttempts": 12,
          "timeoutMs": 10000,
        },
        "workerName": undefined,
        "workflowFiles": [],
      }
    `);
  });

  it('reads the cache placement settings and names bad ones', () => {
    expect(loadWorkerConfig(minimal).cache).toEqual({
      placement: 'by_cost',
      rateHalfLifeMs: 1_800_000,
      refreshMs: 10_000,
    });
    expect(
      loadWorkerConfig({
        ...minimal,
        QUARRY_CACHE_PLACEMENT: 'after_document',
        CACHE_HALF_LIFE_MINUTES: '10',
        CACHE_RATE_REFRESH_MS: '500',
      }).cache,
    ).toEqual({ placement: 'after_document', rateHalfLifeMs: 600_000, refreshMs: 500 });
    expect(
      problemsOf({
        ...minimal,
        QUARRY_CACHE_PLACEMENT: 'always',
        CACHE_HALF_LIFE_MINUTES: '2',
        CACHE_RATE_REFRESH_MS: 'often',
      }),
    ).toEqual([
      '- QUARRY_CACHE_PLACEMENT: expected by_cost or after_document, got "always"',
      '- CACHE_HALF_LIFE_MINUTES: expected an integer from 5 to 1440, got "2"',
      '- CACHE_RATE_REFRESH_MS: expected an integer from 100 to 600000, got "often"',
    ]);
  });

  it('reads the lesson retirement settings (defaults of decideLessonEffect) and names bad ones', () => {
    expect(loadWorkerConfig(minimal).lessons).toEqual(lessonEffectDefaults);
    expect(
      loadWorkerConfig({
        ...minimal,
        LESSON_MIN_SHOWN_JOBS: '200',
        LESSON_MIN_NOT_SHOWN_JOBS: ' 1 ',
        LESSON_RETIRE_MARGIN: '0',
      }).lessons,
    ).toEqual({ minShownJobs: 200, minNotShownJobs: 1, margin: 0 });
    expect(
      problemsOf({
        ...minimal,
        LESSON_MIN_SHOWN_JOBS: '0',
        LESSON_MIN_NOT_SHOWN_JOBS: '2.5',
        LESSON_RETIRE_MARGIN: '0.95',
      }),
    ).toEqual([
      '- LESSON_MIN_SHOWN_JOBS: expected an integer from 1 to 1000000, got "0"',
      '- LESSON_MIN_NOT_SHOWN_JOBS: expected an integer from 1 to 1000000, got "2.5"',
      '- LESSON_RETIRE_MARGIN: expected a number from 0 to 0.9, got "0.95"',
    ]);
    expect(problemsOf({ ...minimal, LESSON_RETIRE_MARGIN: '-0.1' })).toEqual([
      '- LESSON_RETIRE_MARGIN: expected a number from 0 to 0.9, got "-0.1"',
    ]);
  });

  it('refuses a retention sweep interval outside 100 ms to 10 minutes, naming the variable', () => {
    for (const value of ['0', '99', '600001', '5s', '-1']) {
      const problems = problemsOf({ ...minimal, KEEP_COMPLETED_SWEEP_MS: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^- KEEP_COMPLETED_SWEEP_MS: /);
    }
    expect(loadWorkerConfig({ ...minimal, KEEP_COMPLETED_SWEEP_MS: '250' }).retentionSweepMs).toBe(250);
  });

  it('reads the lesson read interval (default 1000 ms, 0 reads per job) and names a bad one', () => {
    expect(loadWorkerConfig(minimal).lessonReadIntervalMs).toBe(1000);
    expect(loadWorkerConfig({ ...minimal, LESSON_READ_INTERVAL_MS: '0' }).lessonReadIntervalMs).toBe(0);
    expect(loadWorkerConfig({ ...minimal, LESSON_READ_INTERVAL_MS: '60000' }).lessonReadIntervalMs).toBe(
      60_000,
    );
    expect(problemsOf({ ...minimal, LESSON_READ_INTERVAL_MS: '60001' })).toEqual([
      '- LESSON_READ_INTERVAL_MS: expected an integer from 0 to 60000, got "60001"',
    ]);
  });

  it('reads the batch lane settings, clamps them to the API limits and names bad ones', () => {
    const { batch } = loadWorkerConfig({
      ...minimal,
      QUARRY_DEFAULT_LANE: 'batch',
      BATCH_MAX_REQUESTS: '250000',
      BATCH_MAX_WAIT_MS: '5000',
      BATCH_MAX_BYTES: '999000000',
      BATCH_DEADLINE_MARGIN_MS: '60000',
      BATCH_POLL_INTERVAL_MS: '500',
      BATCH_RECHECK_MS: '5000',
      BATCH_CACHE_TTL: ' 1h ',
    });
    expect(batch).toMatchObject({
      defaultLane: 'batch',
      maxRequests: 100_000,
      maxWaitMs: 5000,
      maxBytes: 256_000_000,
      deadlineMarginMs: 60_000,
      pollIntervalMs: 500,
      recheckMs: 5000,
      cacheTtl: '1h',
    });
    expect(
      problemsOf({
        ...minimal,
        QUARRY_DEFAULT_LANE: 'cheap',
        BATCH_MAX_REQUESTS: '0',
        BATCH_MAX_WAIT_MS: 'soon',
        BATCH_DEADLINE_MARGIN_MS: '-1',
        BATCH_POLL_INTERVAL_MS: '1',
        BATCH_RECHECK_MS: '10',
        BATCH_CACHE_TTL: '24h',
      }),
    ).toEqual([
      '- QUARRY_DEFAULT_LANE: expected realtime or batch, got "cheap"',
      '- BATCH_MAX_REQUESTS: expected an integer ≥ 1, got "0"',
      '- BATCH_MAX_WAIT_MS: expected an integer from 0 to 86400000, got "soon"',
      '- BATCH_DEADLINE_MARGIN_MS: expected an integer from 0 to 86400000, got "-1"',
      '- BATCH_POLL_INTERVAL_MS: expected an integer from 50 to 3600000, got "1"',
      '- BATCH_RECHECK_MS: expected an integer from 1000 to 86400000, got "10"',
      '- BATCH_CACHE_TTL: expected 5m or 1h, got "24h"',
    ]);
  });

  it('parses set values and treats empty ones as unset', () => {
    const config = loadWorkerConfig({
      ...minimal,
      REDIS_URL: 'rediss://:secret@cache.example:6380/2',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:4010',
      WORKER_CONCURRENCY: ' 8 ',
      HISTORY_ENABLED: 'OFF',
      HISTORY_HALF_LIFE_HOURS: '0.5',
      LOG_LEVEL: 'DEBUG',
      QUARRY_MODEL: '',
      JOB_ATTEMPTS: '',
    });
    expect(config).toMatchObject({
      redisUrl: 'rediss://:secret@cache.example:6380/2',
      anthropic: { baseURL: 'http://127.0.0.1:4010' },
      concurrency: 8,
      queue: { history: { enabled: false, halfLifeMs: 1_800_000 } },
      logLevel: 'debug',
      model: extractDefaults.modelId,
    });
    expect(config.queue.jobAttempts).toBe(5);
  });

  it('names every bad variable and the expected form, without echoing secrets', () => {
    expect(
      problemsOf({
        REDIS_URL: 'http://user:hunter2@cache:6379',
        WORKER_CONCURRENCY: 'many',
        JOB_ATTEMPTS: '0',
        HISTORY_ENABLED: 'maybe',
        QUARRY_PREFIX: 'quarry',
        QUARRY_MODEL: 'claude haiku',
        LOG_LEVEL: 'loud',
      }),
    ).toMatchInlineSnapshot(`
      [
        "- REDIS_URL: expected a redis:// or rediss:// URL, e.g. redis://:password@host:6379/0, got http://user:***@cache:6379/",
        "- ANTHROPIC_API_KEY: expected the Anthropic API key (any non-empty value for a local stand-in), but it is not set",
        "- QUARRY_MODEL: expected a model id (letters, digits, . _ @ : -; at most 128), got "claude haiku"",
        "- QUARRY_PREFIX: expected a key prefix containing a {hash tag}, e.g. {quarry}, got "quarry"",
        "- WORKER_CONCURRENCY: expected an integer from 1 to 1000, got "many"",
        "- JOB_ATTEMPTS: expected an integer from 1 to 100, got "0"",
        "- HISTORY_ENABLED: expected one of true, false, 1, 0, yes, no, on, off, got "maybe"",
        "- LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"",
      ]
    `);
  });

  it('row 47: refuses credentials in ANTHROPIC_BASE_URL and never echoes them', () => {
    const problems = problemsOf({
      ...minimal,
      ANTHROPIC_BASE_URL: 'https://deploy:Gw-pass-8812@gateway.internal/anthropic',
    });
    expect(problems).toEqual([
      '- ANTHROPIC_BASE_URL: expected a URL without user or password (the key goes in ANTHROPIC_API_KEY), got "https://deploy:***@gateway.internal/anthropic"',
    ]);
    expect(problemsOf({ ...minimal, ANTHROPIC_BASE_URL: 'ftp://tok-7731abcd@gateway.internal' })).toEqual([
      '- ANTHROPIC_BASE_URL: expected a http:// or https:// URL, e.g. http://127.0.0.1:4010, got "ftp://***@gateway.internal"',
    ]);
    expect(problemsOf({ ...minimal, ANTHROPIC_BASE_URL: 'gateway:4010' })).toEqual([
      '- ANTHROPIC_BASE_URL: expected a http:// or https:// URL, e.g. http://127.0.0.1:4010, got "gateway:4010"',
    ]);
  });

  it('reads the operability settings and names the variable of a bad one', () => {
    expect(
      loadWorkerConfig({ ...minimal, METRICS_PORT: '0', REDIS_ALLOW_EVICTION: 'yes', LOG_FORMAT: 'Pretty' }),
    ).toMatchObject({ metrics: { port: 0, host: '127.0.0.1' }, allowEviction: true, logFormat: 'pretty' });
    expect(
      problemsOf({ ...minimal, METRICS_PORT: '70000', REDIS_ALLOW_EVICTION: 'sure', LOG_FORMAT: 'xml' }),
    ).toEqual([
      '- LOG_FORMAT: expected one of auto, json, pretty, got "xml"',
      '- METRICS_PORT: expected an integer from 0 to 65535, got "70000"',
      '- REDIS_ALLOW_EVICTION: expected one of true, false, 1, 0, yes, no, on, off, got "sure"',
    ]);
  });

  it('reads the default job cost budget and refuses a bad one', () => {
    expect(loadWorkerConfig({ ...minimal, JOB_MAX_COST_USD: ' 0.25 ' }).jobMaxCostUsd).toBe(0.25);
    expect(loadWorkerConfig({ ...minimal, JOB_MAX_COST_USD: '' }).jobMaxCostUsd).toBeNull();
    for (const value of ['-1', '0', 'NaN', 'five', '1e3', 'Infinity']) {
      expect(problemsOf({ ...minimal, JOB_MAX_COST_USD: value })).toEqual([
        `- JOB_MAX_COST_USD: expected a number of US dollars > 0, got "${value}"`,
      ]);
    }
    expect(problemsOf({ ...minimal, JOB_MAX_COST_USD: '5000' })).toEqual([
      '- JOB_MAX_COST_USD: expected a number of US dollars > 0 and ≤ 1000, got "5000"',
    ]);
    expect(problemsOf({ ...minimal, JOB_MAX_COST_USD: '9'.repeat(400) })).toHaveLength(1);
  });

  it('reads RATE_LIMIT_MAX_PAUSE_MS, at least RATE_LIMIT_PAUSE_MS and at most what a timer can wait', () => {
    expect(loadWorkerConfig({ ...minimal, RATE_LIMIT_MAX_PAUSE_MS: '5000' }).rateLimit.maxPauseMs).toBe(5000);
    expect(problemsOf({ ...minimal, RATE_LIMIT_PAUSE_MS: '2000', RATE_LIMIT_MAX_PAUSE_MS: '1000' })).toEqual([
      '- RATE_LIMIT_MAX_PAUSE_MS: expected an integer ≥ RATE_LIMIT_PAUSE_MS, got "1000"',
    ]);
    for (const value of ['-1', '1e9', '99999999999']) {
      expect(problemsOf({ ...minimal, RATE_LIMIT_MAX_PAUSE_MS: value })).toEqual([
        `- RATE_LIMIT_MAX_PAUSE_MS: expected an integer from 1 to 2147483647, got "${value}"`,
      ]);
    }
  });

  it('row 124: RATE_LIMIT_RPM / ITPM / OTPM of 0, -5, 1.5, lots, above 10⁹ -> reads the pacing switch and the rate-limit ceilings, and names a bad ceiling', () => {
    const config = loadWorkerConfig({
      ...minimal,
      RATE_LIMIT_RPM: '600',
      RATE_LIMIT_ITPM: '200000',
      RATE_LIMIT_PACING: 'false',
    });
    expect(config.rateLimit).toMatchObject({
      pacing: false,
      ceilings: { requests: 600, inputTokens: 200_000, outputTokens: null },
    });
    for (const value of ['0', '-5', '1.5', 'lots', '99999999999']) {
      expect(problemsOf({ ...minimal, RATE_LIMIT_OTPM: value })).toEqual([
        `- RATE_LIMIT_OTPM: expected an integer from 1 to 1000000000, got "${value}"`,
      ]);
    }
  });

  it('row 205: OTEL_EXPORTER_OTLP_ENDPOINT without a scheme or on ftp://, OTEL_TRACES_SAMPLER of sometimes, OTEL_TRACES_SAMPLER_ARG of 2 or -0.5 -> refuses to start naming each variable and the form it takes', () => {
    expect(() =>
      loadWorkerConfig({
        ...minimal,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
      }),
    ).not.toThrow();
    for (const endpoint of ['collector:4318', 'ftp://collector:4318']) {
      expect(problemsOf({ ...minimal, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toEqual([
        `- OTEL_EXPORTER_OTLP_ENDPOINT: expected a http:// or https:// URL, e.g. http://127.0.0.1:4318, got "${endpoint}"`,
      ]);
    }
    expect(problemsOf({ ...minimal, OTEL_TRACES_SAMPLER: 'sometimes' })).toEqual([
      '- OTEL_TRACES_SAMPLER: expected one of always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off, parentbased_traceidratio, got "sometimes"',
    ]);
    for (const ratio of ['2', '-0.5']) {
      expect(problemsOf({ ...minimal, OTEL_TRACES_SAMPLER_ARG: ratio })).toEqual([
        `- OTEL_TRACES_SAMPLER_ARG: expected a number from 0 to 1, got "${ratio}"`,
      ]);
    }
  });

  it('requires the backoff cap to be at least the base', () => {
    expect(problemsOf({ ...minimal, BACKOFF_BASE_MS: '5000', BACKOFF_CAP_MS: '1000' })).toEqual([
      '- BACKOFF_CAP_MS: expected an integer ≥ BACKOFF_BASE_MS, got "1000"',
    ]);
  });

  it('reads QUARRY_ALLOWED_MODELS into the queue settings and names a bad entry', () => {
    expect(
      loadWorkerConfig({ ...minimal, QUARRY_ALLOWED_MODELS: 'claude-sonnet-4-5, claude-opus-4-1' }).queue
        .allowedModels,
    ).toEqual(['claude-sonnet-4-5', 'claude-opus-4-1']);
    expect(problemsOf({ ...minimal, QUARRY_ALLOWED_MODELS: 'claude-sonnet-4-5;claude-opus-4-1' })).toEqual([
      '- QUARRY_ALLOWED_MODELS: expected a comma-separated list of model ids, e.g. claude-sonnet-4-5,claude-haiku-4-5 ("claude-sonnet-4-5;claude-opus-4-1" is not a model id), got "claude-sonnet-4-5;claude-opus-4-1"',
    ]);
  });
});

describe('QUARRY_MODELS_FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-worker-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  const prices = { input: 0.2, output: 1, cacheWrite5m: 0.25, cacheWrite1h: 0.4, cacheRead: 0.02 };

  it('merges the file over the default table', () => {
    const path = file('models.json', { 'claude-haiku-5-5': { prices } });
    const config = loadWorkerConfig({ ...minimal, QUARRY_MODELS_FILE: path });
    expect(config.modelsFile).toBe(path);
    expect(config.models['claude-haiku-5-5']).toEqual({ ...defaultModelTable['claude-haiku-5-5'], prices });
    expect(config.models['claude-opus-5-5']).toEqual(defaultModelTable['claude-opus-5-5']);
  });

  it('names a missing file', () => {
    const path = join(dir, 'nowhere.json');
    expect(problemsOf({ ...minimal, QUARRY_MODELS_FILE: path })).toEqual([
      `- QUARRY_MODELS_FILE: expected a readable JSON file of model entries (see docs/models.md), got "${path}" (no such file)`,
    ]);
  });

  it('names a file that is not JSON', () => {
    const path = file('broken.json', '{"claude-haiku-5-5": ');
    expect(problemsOf({ ...minimal, QUARRY_MODELS_FILE: path })[0]).toMatch(
      /^- QUARRY_MODELS_FILE: expected ".+broken\.json": a JSON file of model entries, got not JSON \(.+\)$/,
    );
  });

  it('names the bad entry and field: a negative price, a huge number, a wrong type', () => {
    const path = file('bad.json', {
      'claude-haiku-5-5': { prices: { ...prices, cacheRead: -0.01 } },
      'claude-opus-5-5': { minCacheableTokens: 1e12, thinking: 'sometimes' },
      'claude-sonnet-5-5': { forcedToolChoice: 'no' },
    });
    expect(problemsOf({ ...minimal, QUARRY_MODELS_FILE: path })).toEqual([
      `- QUARRY_MODELS_FILE: expected "${path}": entry "claude-haiku-5-5" field prices.cacheRead to be a price in USD per million tokens from 0 to 1000, got -0.01`,
      `- QUARRY_MODELS_FILE: expected "${path}": entry "claude-opus-5-5" field minCacheableTokens to be a whole number of tokens from 1 to 1000000, got 1000000000000`,
      `- QUARRY_MODELS_FILE: expected "${path}": entry "claude-opus-5-5" field thinking to be one of "none", "optional", "adaptive", "always", got "sometimes"`,
      `- QUARRY_MODELS_FILE: expected "${path}": entry "claude-sonnet-5-5" field forcedToolChoice to be a value of type boolean, got "no"`,
    ]);
  });

  it('is read only once the environment itself is valid', () => {
    expect(problemsOf({ QUARRY_MODELS_FILE: join(dir, 'nowhere.json') })).toEqual([
      '- ANTHROPIC_API_KEY: expected the Anthropic API key (any non-empty value for a local stand-in), but it is not set',
    ]);
  });
});
