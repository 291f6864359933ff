import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultModelTable } from '@quarry/core';
import { ConfigError, describeEnvProblem } from '@quarry/env';
import { afterAll, describe, expect, it } from 'vitest';
import { loadDemoConfig } from './demo-config';

function problemsOf(argv: string[], env: Record<string, string>): readonly string[] {
  try {
    loadDemoConfig(argv, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map(describeEnvProblem);
    throw error;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('loadDemoConfig', () => {
  it('fills the defaults', () => {
    expect(loadDemoConfig([], {})).toEqual({
      args: {
        live: false,
        keepRunning: false,
        limit: null,
        lane: 'realtime',
        documents: 'text',
        json: false,
        help: false,
      },
      env: {
        DEMO_DASHBOARD_PORT: 3100,
        DEMO_CONCURRENCY: 8,
        DEMO_SEED: 7,
        DEMO_TIMEOUT_SECONDS: 300,
        LOG_LEVEL: 'info',
      },
      models: defaultModelTable,
    });
    expect(
      loadDemoConfig(['--limit', '8', '--keep-running', '--json'], { REDIS_URL: ' ' }).args,
    ).toMatchObject({
      limit: 8,
      keepRunning: true,
      json: true,
    });
  });

  it('names every bad argument and variable with the expected form, never echoing secrets', () => {
    expect(
      problemsOf(['--limit', '0'], {
        REDIS_URL: 'http://user:hunter2@cache:6379',
        DEMO_DASHBOARD_PORT: '99999',
        DEMO_PREFIX: 'demo',
        LOG_LEVEL: 'chatty',
      }),
    ).toMatchInlineSnapshot(`
      [
        "--limit: expected a positive integer, got "0"",
        "REDIS_URL: expected a redis:// or rediss:// URL, e.g. redis://:password@host:6379/0, got http://user:***@cache:6379/",
        "DEMO_PREFIX: expected a key prefix containing a {hash tag}, e.g. {quarry-demo}, got "demo"",
        "DEMO_DASHBOARD_PORT: expected an integer from 0 to 65535, got "99999"",
        "LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "chatty"",
      ]
    `);
  });

  it('takes --documents pdf and names a bad form', () => {
    expect(loadDemoConfig([], {}).args.documents).toBe('text');
    expect(loadDemoConfig(['--documents', 'pdf'], {}).args.documents).toBe('pdf');
    expect(problemsOf(['--documents', 'scan'], {})).toEqual([
      '--documents: expected one of text, pdf, got "scan"',
    ]);
  });

  it('takes --lane batch and names a bad lane', () => {
    expect(loadDemoConfig(['--lane', 'batch'], {}).args.lane).toBe('batch');
    expect(problemsOf(['--lane', 'cheap'], {})).toEqual([
      '--lane: expected one of realtime, batch, got "cheap"',
    ]);
    expect(problemsOf(['--lane'], {})[0]).toContain("Option '--lane <value>' argument missing");
  });

  it('names an unknown option', () => {
    expect(problemsOf(['--fast'], {})[0]).toContain("Unknown option '--fast'");
  });

  it('asks for an API key with --live', () => {
    expect(problemsOf(['--live'], {})).toEqual([
      'ANTHROPIC_API_KEY: expected the Anthropic API key with --live (without --live the demo runs on the simulated model), but it is not set',
    ]);
    expect(loadDemoConfig(['--live'], { ANTHROPIC_API_KEY: 'sk-ant-x' }).args.live).toBe(true);
  });
});

describe('loadDemoConfig with QUARRY_MODELS_FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-demo-models-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prices the run from the file merged over the default table', () => {
    const path = join(dir, 'models.json');
    const prices = { input: 0.2, output: 1, cacheWrite5m: 0.25, cacheWrite1h: 0.4, cacheRead: 0.02 };
    writeFileSync(path, JSON.stringify({ 'claude-haiku-5-5': { prices } }));
    const config = loadDemoConfig([], { QUARRY_MODELS_FILE: path });
    expect(config.models['claude-haiku-5-5']?.prices).toEqual(prices);
  });

  it('names a missing file and a bad entry with its field', () => {
    const missing = join(dir, 'missing.json');
    expect(problemsOf([], { QUARRY_MODELS_FILE: missing })).toEqual([
      `QUARRY_MODELS_FILE: expected a readable JSON file of model entries (see docs/models.md), got "${missing}" (no such file)`,
    ]);
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ 'claude-haiku-5-5': { tokenizerFactor: -1 } }));
    expect(problemsOf([], { QUARRY_MODELS_FILE: bad, QUARRY_MODEL: 'haiku 5.5' })).toEqual([
      'QUARRY_MODEL: expected a model id (letters, digits, . _ @ : -; at most 128), got "haiku 5.5"',
    ]);
    expect(problemsOf([], { QUARRY_MODELS_FILE: bad })).toEqual([
      `QUARRY_MODELS_FILE: expected "${bad}": entry "claude-haiku-5-5" field tokenizerFactor to be a number from 0.1 to 10, got -1`,
    ]);
  });
});
