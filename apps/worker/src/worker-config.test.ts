import { anthropicModelClientDefaults } from '@quarry/anthropic';
import { extractDefaults } from '@quarry/core';
import { queueDefaults } from '@quarry/queue';
import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from './worker-config';
import { WorkerConfigError } from './worker-config-error';

const minimal = { ANTHROPIC_API_KEY: 'sk-test' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadWorkerConfig(env);
  } catch (error) {
    if (error instanceof WorkerConfigError) return error.message.split('\n').slice(1);
    throw error;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('loadWorkerConfig', () => {
  it('fills every default: queue settings from queueDefaults, the rest from the worker', () => {
    const { queue, model, anthropic, ...worker } = loadWorkerConfig(minimal);
    expect(queue).toEqual(queueDefaults);
    expect(model).toBe(extractDefaults.modelId);
    expect(anthropic).toEqual({
      apiKey: 'sk-test',
      baseURL: undefined,
      maxRetries: anthropicModelClientDefaults.maxRetries,
      timeoutMs: anthropicModelClientDefaults.timeoutMs,
    });
    expect(worker).toMatchInlineSnapshot(`
      {
        "allowEviction": false,
        "concurrency": 4,
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
          "maxBounces": 20,
          "pauseMs": 1000,
        },
        "reconcile": {
          "graceMs": 30000,
          "intervalMs": 60000,
        },
        "redisUrl": "redis://127.0.0.1:6379",
        "shutdownGraceMs": 30000,
        "stalledIntervalMs": 30000,
        "workerName": undefined,
      }
    `);
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
        LOG_LEVEL: 'loud',
      }),
    ).toMatchInlineSnapshot(`
      [
        "- REDIS_URL: expected a redis:// or rediss:// URL, e.g. redis://:password@host:6379/0, got http://user:***@cache:6379/",
        "- ANTHROPIC_API_KEY: expected the Anthropic API key (any non-empty value for a local stand-in), but it is not set",
        "- QUARRY_PREFIX: expected a key prefix containing a {hash tag}, e.g. {quarry}, got "quarry"",
        "- WORKER_CONCURRENCY: expected an integer from 1 to 1000, got "many"",
        "- JOB_ATTEMPTS: expected an integer from 1 to 100, got "0"",
        "- HISTORY_ENABLED: expected one of true, false, 1, 0, yes, no, on, off, got "maybe"",
        "- LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"",
      ]
    `);
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
