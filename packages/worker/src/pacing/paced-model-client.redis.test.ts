import {
  defaultModelTable,
  type ModelClient,
  type ModelRequest,
  type ModelResponse,
  ModelTransportError,
  type RateLimitReading,
} from '@quarry/core';
import { PacerBudgetStore, quarryKeys } from '@quarry/queue';
import { it } from '@quarry/testing';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { describe, expect } from 'vitest';
import { createPacingMetrics } from '../metrics/pacing-metrics';
import { parseMetrics, sample } from '../test-fixtures/metrics-text';
import { pacedModelClient } from './paced-model-client';
import { PacingCancelledError } from './pacing-cancelled-error';

const request: ModelRequest = {
  model: 'claude-sonnet-4-6',
  maxTokens: 1000,
  strategy: 'structured',
  toolName: 'answer',
  outputSchema: {},
  system: 'Extract.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'd'.repeat(4000), cacheBreakpoint: true }] }],
};

const answer: ModelResponse = {
  content: [{ type: 'text', text: '{}' }],
  stopReason: 'end_turn',
  usage: { inputTokens: 1000, outputTokens: 10, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
  requestId: 'req_1',
  model: 'claude-sonnet-4-6',
};

/** A model port that records its calls and answers, or fails, as told. */
class RecordingModel implements ModelClient {
  readonly calls: ModelRequest[] = [];
  constructor(private readonly reply: () => ModelResponse) {}
  async generate(sent: ModelRequest): Promise<ModelResponse> {
    this.calls.push(sent);
    return this.reply();
  }
}

const none = { limit: null, remaining: null, resetAt: null };

describe('pacedModelClient', () => {
  it("ends a wait when the job's signal fires: the call is never sent and its tokens go back", async ({
    redis,
    prefix,
  }) => {
    const store = new PacerBudgetStore({
      redis,
      keys: quarryKeys({ prefix }),
      ceilings: { requests: 1, inputTokens: 1_000_000, outputTokens: null },
    });
    const model = new RecordingModel(() => answer);
    const closing = new AbortController();
    const paced = pacedModelClient({
      inner: model,
      store,
      apiKey: 'sk-test',
      models: defaultModelTable,
      maxWaitAheadMs: 60_000,
      closing: closing.signal,
      log: pino({ level: 'silent' }),
    });
    await paced.generate(request, { attempt: 1 });
    const job = new AbortController();
    const waiting = paced.generate(request, { attempt: 1, signal: job.signal });
    job.abort(new Error('lock lost'));
    await expect(waiting).rejects.toThrow('lock lost');
    expect(model.calls).toHaveLength(1);
    const levels = await store.settle(store.budget('sk-test', 'sonnet-4.x'), {
      units: { requests: 0, inputTokens: 0, outputTokens: 0 },
      headers: 'skip',
    });
    // One answered call used 1000 input tokens; the abandoned one's estimate came back.
    expect(levels.inputTokens).toBeGreaterThanOrEqual(999_000);
    // Closing lets a waiting call go with PacingCancelledError.
    const letGo = paced.generate(request, { attempt: 1 });
    closing.abort();
    await expect(letGo).rejects.toBeInstanceOf(PacingCancelledError);
    expect(model.calls).toHaveLength(1);
  });

  it("takes a 429's headers and retry-after into the budget and counts ignored headers", async ({
    redis,
    prefix,
  }) => {
    const store = new PacerBudgetStore({
      redis,
      keys: quarryKeys({ prefix }),
      ceilings: { requests: null, inputTokens: null, outputTokens: null },
    });
    const reading: RateLimitReading = {
      requests: { limit: 600, remaining: 0, resetAt: null },
      inputTokens: none,
      outputTokens: none,
      retryAfterMs: 20_000,
      ignored: ['anthropic-ratelimit-input-tokens-limit'],
    };
    const model = new RecordingModel(() => {
      throw new ModelTransportError({
        kind: 'rate_limited',
        message: '429',
        status: 429,
        rateLimit: reading,
      });
    });
    const registry = new Registry();
    const paced = pacedModelClient({
      inner: model,
      store,
      apiKey: 'sk-test',
      models: defaultModelTable,
      maxWaitAheadMs: 60_000,
      closing: new AbortController().signal,
      log: pino({ level: 'silent' }),
      metrics: createPacingMetrics({ registry }),
    });
    await expect(paced.generate(request, { attempt: 1 })).rejects.toBeInstanceOf(ModelTransportError);
    const ignored = sample(
      parseMetrics(await registry.metrics()),
      'quarry_rate_limit_headers_ignored_total',
      {
        header: 'anthropic-ratelimit-input-tokens-limit',
      },
    );
    expect(ignored).toBe(1);
    const next = await store.draw(store.budget('sk-test', 'sonnet-4.x'), {
      requests: 1,
      inputTokens: 0,
      outputTokens: 0,
    });
    expect(next.mode).toBe('paced');
    expect(next.waitMs).toBeGreaterThan(15_000);
    expect(next.waitMs).toBeLessThanOrEqual(20_000);
  });

  it("row 135: Redis gone between a paced call's draw and its settlement -> keeps a paid answer when Redis goes away before the call is settled, logging the failure", async ({
    redis,
    prefix,
  }) => {
    const own = redis.duplicate();
    const store = new PacerBudgetStore({
      redis: own,
      keys: quarryKeys({ prefix }),
      ceilings: { requests: 100, inputTokens: 1_000_000, outputTokens: null },
    });
    // The connection drops while the model answers: the draw went through, the settlement cannot.
    const model = new RecordingModel(() => {
      own.disconnect();
      return answer;
    });
    const warnings: unknown[] = [];
    const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line)) });
    const paced = pacedModelClient({
      inner: model,
      store,
      apiKey: 'sk-test',
      models: defaultModelTable,
      maxWaitAheadMs: 60_000,
      closing: new AbortController().signal,
      log,
    });
    try {
      await expect(paced.generate(request, { attempt: 1 })).resolves.toEqual(answer);
      expect(model.calls).toHaveLength(1);
      expect(warnings).toHaveLength(1);
      expect(JSON.stringify(warnings)).not.toContain('sk-test');
    } finally {
      own.disconnect();
    }
  });
});
