import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../model/model-request';
import { defaultModelTable } from '../models/default-model-table';
import { headerBudget } from './header-budget';
import { pacingDraw } from './pacing-draw';
import { pacingSettlement } from './pacing-settlement';
import { rateLimitClassOf } from './rate-limit-class';
import type { RateLimitDimension, RateLimitReading } from './rate-limit-reading';

const request = (document: string, feedback?: string): ModelRequest => ({
  model: 'claude-sonnet-4-6',
  maxTokens: 2000,
  strategy: 'tool',
  toolName: 'out',
  outputSchema: {},
  system: 'sys',
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: document, cacheBreakpoint: true },
        ...(feedback ? [{ type: 'text' as const, text: feedback }] : []),
      ],
    },
  ],
});

describe('rateLimitClassOf', () => {
  it('puts every Opus 4.x and Sonnet 4.x model in one class each, Haiku models in their own', () => {
    expect(rateLimitClassOf('claude-opus-4-7')).toBe('opus-4.x');
    expect(rateLimitClassOf('claude-opus-4-5-20251101')).toBe('opus-4.x');
    expect(rateLimitClassOf('claude-sonnet-4-6')).toBe('sonnet-4.x');
    expect(rateLimitClassOf('claude-sonnet-5')).toBe('sonnet-5.x');
    expect(rateLimitClassOf('claude-haiku-4-5-20251001')).toBe('haiku-4-5');
    expect(rateLimitClassOf('claude-haiku-5-5')).toBe('haiku-5-5');
    expect(rateLimitClassOf('Some-Other-Model')).toBe('some-other-model');
  });
});

describe('pacingDraw', () => {
  it('counts the whole request on a first attempt and only what follows the breakpoint later', () => {
    // 3 (system) + 2 ('{}') + 3 (tool name) + 400 + 40 characters.
    const call = request('d'.repeat(400), 'f'.repeat(40));
    expect(pacingDraw({ request: call, attempt: 1, models: defaultModelTable })).toEqual({
      requests: 1,
      inputTokens: Math.ceil((448 / 4) * 1.05),
      outputTokens: 2000,
    });
    expect(pacingDraw({ request: call, attempt: 2, models: defaultModelTable }).inputTokens).toBe(
      Math.ceil(10 * 1.05),
    );
  });

  it('applies the model tokenizer factor', () => {
    const call = { ...request('d'.repeat(392)), model: 'claude-opus-4-7' };
    expect(pacingDraw({ request: call, attempt: 1, models: defaultModelTable }).inputTokens).toBe(
      Math.ceil(100 * 1.3 * 1.05),
    );
  });
});

describe('pacingSettlement', () => {
  const drawn = { requests: 1, inputTokens: 1000, outputTokens: 2000 };

  it('takes the real uncached input and output, cache reads left out', () => {
    const usage = {
      inputTokens: 300,
      cacheCreationInputTokens: 900,
      cacheReadInputTokens: 5000,
      outputTokens: 150,
    };
    expect(pacingSettlement({ drawn, usage })).toEqual({
      requests: 0,
      inputTokens: 200,
      outputTokens: -1850,
    });
  });

  it('gives the tokens back when the call got no answer, keeping the request', () => {
    expect(pacingSettlement({ drawn, usage: null })).toEqual({
      requests: 0,
      inputTokens: -1000,
      outputTokens: -2000,
    });
  });

  it('gives the request back too when the call was never sent', () => {
    expect(pacingSettlement({ drawn, usage: null, sent: false })).toEqual({
      requests: -1,
      inputTokens: -1000,
      outputTokens: -2000,
    });
  });
});

describe('headerBudget', () => {
  const none: RateLimitDimension = { limit: null, remaining: null, resetAt: null };
  const reading = (requests: RateLimitDimension): RateLimitReading => ({
    requests,
    inputTokens: none,
    outputTokens: none,
    retryAfterMs: null,
    ignored: [],
  });
  const now = 1_000_000;

  it('takes the smaller of what remains and what a bucket full at the reset holds now', () => {
    expect(
      headerBudget({
        reading: reading({ limit: 600, remaining: 500, resetAt: now + 6000 }),
        now,
        maxAheadMs: 60_000,
      }),
    ).toEqual({
      requests: { limit: 600, level: 500 },
    });
    expect(
      headerBudget({
        reading: reading({ limit: 600, remaining: 590, resetAt: now + 30_000 }),
        now,
        maxAheadMs: 60_000,
      }),
    ).toEqual({
      requests: { limit: 600, level: 300 },
    });
  });

  it('row 120: a reset time or retry-after far ahead (a minute and a half, a day) -> honours a reset more than a minute away as debt, but never past maxAheadMs', () => {
    const far = reading({ limit: 600, remaining: 0, resetAt: now + 90_000 });
    expect(headerBudget({ reading: far, now, maxAheadMs: 120_000 }).requests?.level).toBe(-300);
    const wild = reading({ limit: 600, remaining: 0, resetAt: now + 86_400_000 });
    expect(headerBudget({ reading: wild, now, maxAheadMs: 60_000 }).requests?.level).toBe(0);
  });

  it('leaves out dimensions without a limit, and the level when nothing else was said', () => {
    expect(headerBudget({ reading: reading(none), now, maxAheadMs: 60_000 })).toEqual({});
    expect(
      headerBudget({
        reading: reading({ limit: 50, remaining: null, resetAt: now - 5000 }),
        now,
        maxAheadMs: 1,
      }),
    ).toEqual({
      requests: { limit: 50, level: 50 },
    });
    expect(
      headerBudget({ reading: reading({ limit: 50, remaining: null, resetAt: null }), now, maxAheadMs: 1 }),
    ).toEqual({
      requests: { limit: 50, level: null },
    });
  });
});
