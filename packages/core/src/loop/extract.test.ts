import { describe, expect, it } from 'vitest';
import type { AttemptRecord } from '../attempts/attempt-record';
import type { AttemptStore } from '../attempts/attempt-store';
import { InMemoryAttemptStore } from '../attempts/in-memory-attempt-store';
import { ExtractionExhaustedError } from '../errors/extraction-exhausted-error';
import { ExtractionRejectedError } from '../errors/extraction-rejected-error';
import { ModelTransportError } from '../errors/model-transport-error';
import { RuleCheckError } from '../errors/rule-check-error';
import type {
  FirstAttemptExposure,
  HistoryKey,
  HistoryStore,
  IssueObservation,
} from '../history/history-store';
import { InMemoryHistoryStore } from '../history/in-memory-history-store';
import type { ModelRequest } from '../model/model-request';
import {
  type Receipt,
  type ReceiptInput,
  receiptDocument,
  receiptWorkflow,
  totalMatches,
  validReceipt,
} from '../test-fixtures/receipt-workflow';
import { FakeModelClient, type FakeScript } from '../testing/fake-model-client';
import type { Rule } from '../workflow/rule';
import { extract } from './extract';
import type { ExtractOptions, ExtractWarning } from './extract-options';

const input = { text: receiptDocument };
const jobKey = 'job-1';
const inputHash = 'hash-of-receipt-input';

/** A clock that advances 5 ms on every reading. */
function steppingClock(start = Date.UTC(2025, 0, 1)): () => number {
  let t = start;
  return () => {
    t += 5;
    return t;
  };
}

function setup(
  script: FakeScript,
  overrides: Partial<ExtractOptions<ReturnType<typeof receiptWorkflow>>> = {},
) {
  const model = new FakeModelClient(script);
  const store = new InMemoryAttemptStore();
  const onAttempt: AttemptRecord[] = [];
  const warnings: ExtractWarning[] = [];
  const options: ExtractOptions<ReturnType<typeof receiptWorkflow>> = {
    workflow: receiptWorkflow(),
    input,
    model,
    attempts: { store, jobKey, inputHash },
    onAttempt: (record) => onAttempt.push(record),
    onWarning: (warning) => warnings.push(warning),
    now: steppingClock(),
    ...overrides,
  };
  return { model, store, onAttempt, warnings, run: () => extract(options), options };
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

const lastText = (request: ModelRequest | undefined): string => {
  const part = request?.messages.at(-1)?.content.at(-1);
  if (part?.type === 'text' || part?.type === 'tool_result') return part.text;
  throw new Error('no text in the last message');
};

describe('extract', () => {
  it('returns the data of a valid first reply with everything it cost', async () => {
    const { run, model, store, onAttempt, warnings } = setup([{ json: validReceipt }]);
    const result = await run();
    expect(result).toMatchObject({
      data: validReceipt,
      needsReview: false,
      reviewReasons: [],
      attempts: 1,
      usage: { inputTokens: 100, outputTokens: 20, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
      model: 'claude-haiku-5-5',
      workflow: 'receipt',
      version: 1,
    });
    // Haiku 5.5, the default model: $0.10 input and $0.50 output per million tokens.
    expect(result.costUsd).toBeCloseTo((100 * 0.1 + 20 * 0.5) / 1e6, 12);
    expect(result.durationMs).toBeGreaterThan(0);
    expect(model.calls).toBe(1);
    expect(result.attemptRecords).toEqual([
      {
        n: 1,
        startedAt: '2025-01-01T00:00:00.010Z',
        durationMs: 5,
        model: 'claude-haiku-5-5',
        strategy: 'structured',
        maxTokens: 4096,
        stopReason: 'end_turn',
        requestId: 'req_fake_1',
        rawOutput: JSON.stringify(validReceipt),
        rawOutputTruncated: false,
        toolCallId: null,
        issues: [],
        usage: result.usage,
        costUsd: result.costUsd,
        // Haiku 5.5's default effort, from the model table.
        effort: 'medium',
        messageId: 'msg_fake_1',
        refusalCategory: null,
        cacheMissReason: null,
        fallbackFrom: null,
        inputHash,
        lane: 'realtime',
        lanePromotion: null,
      },
    ]);
    expect(await store.load(jobKey)).toEqual(result.attemptRecords);
    expect(onAttempt).toEqual(result.attemptRecords);
    expect(warnings).toEqual([]);
  });

  it('tells the model its schema mistakes and accepts the fixed reply', async () => {
    const bad = {
      ...validReceipt,
      date: '01/03/2024',
      items: [{ name: 'Coffee', price: '3.50' }, validReceipt.items[1]],
    };
    const { run, model } = setup([{ json: bad }, { json: validReceipt }]);
    const result = await run();
    expect(result.attempts).toBe(2);
    expect(result.attemptRecords.map((record) => record.issues.map((issue) => issue.path))).toEqual([
      ['date', 'items[0].price'],
      [],
    ]);
    expect(lastText(model.requests[1])).toMatchInlineSnapshot(`
      "Your reply was rejected. 2 problems to fix:
      - date: Invalid ISO date (expected YYYY-MM-DD) (received: "01/03/2024")
      - items[0].price: Invalid input: expected number, received string (received: "3.50")
      Reply again with the complete corrected output, keeping everything that was already right."
    `);
    expect(model.requests[1]?.messages[1]).toEqual({
      role: 'assistant',
      content: [{ type: 'text', text: JSON.stringify(bad) }],
    });
  });

  it('tells the model a failed rule and accepts the fixed reply', async () => {
    const { run, model } = setup([{ json: { ...validReceipt, total: 6.75 } }, { json: validReceipt }]);
    const result = await run();
    expect(result.data).toEqual(validReceipt);
    expect(result.attemptRecords[0]?.issues).toEqual([
      expect.objectContaining({ source: 'rule', ruleId: 'total-matches', path: 'total', received: '6.75' }),
    ]);
    expect(lastText(model.requests[1])).toContain(
      '- total: total must equal the sum of item prices (5.75) (received: 6.75)',
    );
  });

  it('gives up after maxAttempts invalid replies, with every record', async () => {
    const { run, model, store } = setup((_request, call) => ({ json: { ...validReceipt, total: call } }));
    const error = await rejectionOf(run());
    expect(error).toBeInstanceOf(ExtractionExhaustedError);
    const exhausted = error as ExtractionExhaustedError;
    expect(exhausted).toMatchObject({
      name: 'ExtractionExhaustedError',
      kind: 'validation_exhausted',
      attempts: 3,
    });
    expect(exhausted.records.map((record) => record.n)).toEqual([1, 2, 3]);
    expect(exhausted.lastIssues).toEqual([
      expect.objectContaining({ ruleId: 'total-matches', received: '3' }),
    ]);
    expect(exhausted.usage.inputTokens).toBe(300);
    expect(exhausted.costUsd).toBeCloseTo((300 * 0.1 + 60 * 0.5) / 1e6, 12);
    expect(model.calls).toBe(3);
    expect(await store.load(jobKey)).toHaveLength(3);
  });

  it('stops after two identical failed replies (no progress), unless told not to', async () => {
    const same = { json: { ...validReceipt, total: 1 } };
    const first = setup(() => same);
    const error = (await rejectionOf(first.run())) as ExtractionExhaustedError;
    expect(error.kind).toBe('no_progress');
    expect(first.model.calls).toBe(2);
    expect(error.records).toHaveLength(2);

    const second = setup(() => same, { stopOnNoProgress: false });
    expect(await rejectionOf(second.run())).toMatchObject({ kind: 'validation_exhausted', attempts: 3 });
    expect(second.model.calls).toBe(3);
  });

  it('raises max_tokens after a truncated reply, doubling up to the cap', async () => {
    const cut = (text: string) => ({ text, stopReason: 'max_tokens' }) as const;
    const { run, model } = setup(
      [cut('{"merchant": "Cor'), cut('{"merchant": "Corner Cafe", "da'), { json: validReceipt }],
      {
        maxTokens: 3000,
        maxTokensCap: 8000,
        maxAttempts: 4,
      },
    );
    const result = await run();
    expect(model.requests.map((request) => request.maxTokens)).toEqual([3000, 6000, 8000]);
    expect(result.attemptRecords.map((record) => record.maxTokens)).toEqual([3000, 6000, 8000]);
    expect(result.attemptRecords[0]?.issues).toEqual([
      expect.objectContaining({ source: 'truncation', code: 'max_tokens' }),
    ]);
  });

  it('rejects a refusal after recording it, without another call', async () => {
    const { run, model, store } = setup([
      { text: 'I will not do that.', stopReason: 'refusal' },
      { json: validReceipt },
    ]);
    const error = await rejectionOf(run());
    expect(error).toBeInstanceOf(ExtractionRejectedError);
    expect(error).toMatchObject({ name: 'ExtractionRejectedError', kind: 'refused' });
    expect(model.calls).toBe(1);
    expect((await store.load(jobKey)).map((record) => record.stopReason)).toEqual(['refusal']);
  });

  it('rejects on a fatal rule with one call', async () => {
    const inDocument: Rule<Receipt, ReceiptInput> = {
      id: 'merchant-in-document',
      description: 'the merchant appears in the document',
      severity: 'fatal',
      check: (data, ctx) =>
        ctx.input.text.toLowerCase().includes(data.merchant.toLowerCase())
          ? []
          : [{ path: 'merchant', message: 'the merchant is not in the document', received: data.merchant }],
    };
    const { run, model } = setup(
      [{ json: { ...validReceipt, merchant: 'Elsewhere' } }, { json: validReceipt }],
      {
        workflow: receiptWorkflow({ rules: [totalMatches, inDocument] }),
      },
    );
    const error = (await rejectionOf(run())) as ExtractionRejectedError;
    expect(error).toMatchObject({ kind: 'fatal_rule', records: [expect.objectContaining({ n: 1 })] });
    expect(error.issues).toEqual([expect.objectContaining({ ruleId: 'merchant-in-document' })]);
    expect(model.calls).toBe(1);
  });

  it('accepts a result a review rule flags, with the reasons', async () => {
    const bigSpend: Rule<Receipt, ReceiptInput> = {
      id: 'big-spend',
      description: 'totals over 5 need a look',
      severity: 'review',
      check: (data) => (data.total > 5 ? [{ message: `total ${data.total} is over 5` }] : []),
    };
    const { run, model } = setup([{ json: validReceipt }], {
      workflow: receiptWorkflow({ rules: [totalMatches, bigSpend] }),
    });
    const result = await run();
    expect(result).toMatchObject({
      needsReview: true,
      reviewReasons: ['big-spend: total 5.75 is over 5'],
      attempts: 1,
    });
    expect(model.calls).toBe(1);
  });

  describe('budget', () => {
    it('stops before a call that would exceed the token budget', async () => {
      const usage = { inputTokens: 600, outputTokens: 100 };
      const { run, model } = setup(
        [
          { json: { ...validReceipt, total: 1 }, usage },
          { json: validReceipt, usage },
        ],
        {
          budget: { maxTotalTokens: 1000 },
        },
      );
      const error = (await rejectionOf(run())) as ExtractionExhaustedError;
      expect(error).toMatchObject({
        kind: 'budget_exhausted',
        attempts: 1,
        usage: { inputTokens: 600, outputTokens: 100 },
      });
      expect(error.message).toBe(
        'Budget exhausted after 1 model call (700 tokens, $0.0001 spent): the next call would bring the job to about 1400 tokens, over its budget of 1000',
      );
      expect(model.calls).toBe(1);
    });

    it('estimates the first call from the request size', async () => {
      const { run, model } = setup([{ json: validReceipt }], { budget: { maxTotalTokens: 50 } });
      expect(await rejectionOf(run())).toMatchObject({ kind: 'budget_exhausted', attempts: 0 });
      expect(model.calls).toBe(0);
    });

    it('stops before a call that would exceed the cost budget', async () => {
      const usage = { inputTokens: 10_000, outputTokens: 1_000 }; // $0.0015 a call on Haiku 5.5
      const { run, model } = setup(
        [
          { json: { ...validReceipt, total: 1 }, usage },
          { json: { ...validReceipt, total: 2 }, usage },
          { json: validReceipt },
        ],
        { budget: { maxCostUsd: 0.004 } },
      );
      expect(await rejectionOf(run())).toMatchObject({ kind: 'budget_exhausted', attempts: 2 });
      expect(model.calls).toBe(2);
    });
  });

  describe('resume', () => {
    it('continues after stored attempts without calling the model for them', async () => {
      const store = new InMemoryAttemptStore();
      const firstRun = setup((_request, call) => ({ json: { ...validReceipt, total: call } }), {
        attempts: { store, jobKey, inputHash },
        maxAttempts: 2,
      });
      expect(await rejectionOf(firstRun.run())).toMatchObject({ kind: 'validation_exhausted' });
      const stored = await store.load(jobKey);

      const secondRun = setup([{ json: validReceipt }], {
        attempts: { store, jobKey, inputHash },
        maxAttempts: 3,
      });
      const result = await secondRun.run();
      expect(secondRun.model.calls).toBe(1);
      expect(result.attempts).toBe(3);
      expect(result.attemptRecords.map((record) => record.n)).toEqual([1, 2, 3]);
      expect(result.attemptRecords.slice(0, 2)).toEqual(stored);
      // The resumed call is the retry an uninterrupted run would have sent as attempt 3.
      const uninterrupted = setup((_request, call) =>
        call < 3 ? { json: { ...validReceipt, total: call } } : { json: validReceipt },
      );
      await uninterrupted.run();
      expect(secondRun.model.requests[0]).toEqual(uninterrupted.model.requests[2]);
      expect(lastText(secondRun.model.requests[0])).toContain('- attempt 1: rule:total:total-matches');
    });

    it('saves a reply whose rule threw, and checks it again on resume without a model call', async () => {
      const store = new InMemoryAttemptStore();
      let ruleUp = false;
      const flaky: Rule<Receipt, ReceiptInput> = {
        id: 'lookup-merchant',
        description: 'the merchant exists in the directory',
        severity: 'retry',
        check: () => {
          if (!ruleUp) throw new Error('directory unavailable');
          return [];
        },
      };
      const workflow = receiptWorkflow({ rules: [totalMatches, flaky] });
      const first = setup([{ json: validReceipt }], { workflow, attempts: { store, jobKey, inputHash } });
      expect(await rejectionOf(first.run())).toBeInstanceOf(RuleCheckError);
      expect(await store.load(jobKey)).toEqual([
        expect.objectContaining({
          n: 1,
          rawOutput: JSON.stringify(validReceipt),
          issues: [expect.objectContaining({ code: 'rule_error', ruleId: 'lookup-merchant' })],
        }),
      ]);

      ruleUp = true;
      const again = setup([], { workflow, attempts: { store, jobKey, inputHash } });
      const result = await again.run();
      expect(again.model.calls).toBe(0);
      expect(result).toMatchObject({ data: validReceipt, attempts: 1 });
    });

    it('returns a stored valid attempt without a model call', async () => {
      const store = new InMemoryAttemptStore();
      await setup([{ json: validReceipt }], { attempts: { store, jobKey, inputHash } }).run();
      const again = setup([], { attempts: { store, jobKey, inputHash } });
      const result = await again.run();
      expect(result).toMatchObject({ data: validReceipt, attempts: 1 });
      expect(again.model.calls).toBe(0);
    });

    it('is exhausted at once when the stored attempts used up maxAttempts', async () => {
      const store = new InMemoryAttemptStore();
      await rejectionOf(
        setup((_r, call) => ({ json: { ...validReceipt, total: call } }), {
          attempts: { store, jobKey, inputHash },
        }).run(),
      );
      const again = setup([], { attempts: { store, jobKey, inputHash } });
      expect(await rejectionOf(again.run())).toMatchObject({ kind: 'validation_exhausted', attempts: 3 });
      expect(again.model.calls).toBe(0);
    });

    it('skips unreadable stored records with a warning, numbering on', async () => {
      const inner = new InMemoryAttemptStore();
      await rejectionOf(
        setup((_r, call) => ({ json: { ...validReceipt, total: call } }), {
          attempts: { store: inner, jobKey, inputHash },
          maxAttempts: 1,
        }).run(),
      );
      const [good] = await inner.load(jobKey);
      const store: AttemptStore = {
        load: async () => [good as AttemptRecord, { n: 'two' } as unknown as AttemptRecord],
        append: (key, record) => inner.append(key, record),
        clear: (key) => inner.clear(key),
      };
      const again = setup([{ json: validReceipt }], { attempts: { store, jobKey, inputHash } });
      const result = await again.run();
      expect(again.warnings).toEqual([expect.objectContaining({ code: 'stored_attempt_unreadable' })]);
      expect(result.attemptRecords.map((record) => record.n)).toEqual([1, 3]);
      expect(result.attempts).toBe(3);
    });

    it('firstRun: loads nothing, and its first save replaces what another job left, with a warning', async () => {
      const inner = new InMemoryAttemptStore();
      await rejectionOf(
        setup((_r, call) => ({ json: { ...validReceipt, total: call } }), {
          attempts: { store: inner, jobKey, inputHash: 'another-input' },
          maxAttempts: 2,
        }).run(),
      );
      const appends: boolean[] = [];
      const store: AttemptStore = {
        load: () => Promise.reject(new Error('a first run loads nothing')),
        append: (key, record, options) => {
          appends.push(options?.replace === true);
          return inner.append(key, record, options);
        },
        clear: (key) => inner.clear(key),
      };
      const fresh = setup([{ json: { ...validReceipt, total: 1 } }, { json: validReceipt }], {
        attempts: { store, jobKey, inputHash, firstRun: true },
      });
      const result = await fresh.run();
      expect(fresh.model.calls).toBe(2);
      expect(result.attempts).toBe(2);
      // Only the first save replaces; the other job's two records are gone, this run's two are kept.
      expect(appends).toEqual([true, false]);
      expect(fresh.warnings).toEqual([
        expect.objectContaining({
          code: 'stored_attempts_mismatch',
          message: expect.stringContaining('2 stored attempts'),
        }),
      ]);
      expect((await inner.load(jobKey)).map((record) => record.inputHash)).toEqual([inputHash, inputHash]);
    });

    it('firstRun: records of its own input under the key are kept (another run of the same job saved them)', async () => {
      const store = new InMemoryAttemptStore();
      await rejectionOf(
        setup((_r, call) => ({ json: { ...validReceipt, total: call } }), {
          attempts: { store, jobKey, inputHash },
          maxAttempts: 2,
        }).run(),
      );
      const fresh = setup([{ json: validReceipt }], {
        attempts: { store, jobKey, inputHash, firstRun: true },
      });
      await fresh.run();
      expect(fresh.warnings).toEqual([]);
      // Its own first record takes attempt 1's place; attempt 2 of the other run stays.
      expect((await store.load(jobKey)).map((record) => [record.n, record.issues.length])).toEqual([
        [2, 1],
        [1, 0],
      ]);
    });

    it('firstRun on an empty key: no warning', async () => {
      const store = new InMemoryAttemptStore();
      const fresh = setup([{ json: validReceipt }], {
        attempts: { store, jobKey, inputHash, firstRun: true },
      });
      await fresh.run();
      expect(fresh.warnings).toEqual([]);
      expect(await store.load(jobKey)).toHaveLength(1);
    });
  });

  it('keeps the request size of attempt k flat: only one signature line per earlier attempt', async () => {
    const bad = (call: number) => ({
      ...validReceipt,
      merchant: `Corner Cafe ${'x'.repeat(500)} ${call}`,
      total: 100 + call,
    });
    const { run, model } = setup((_request, call) => ({ json: bad(call) }), { maxAttempts: 6 });
    expect(await rejectionOf(run())).toMatchObject({ kind: 'validation_exhausted', attempts: 6 });
    const sizes = model.requests.map((request) => JSON.stringify(request).length);
    const growth = sizes.slice(2).map((size, i) => size - (sizes[i + 1] as number));
    const jsonLength = (text: string) => JSON.stringify(text).length - 2;
    const signatureLine = jsonLength('- attempt 1: rule:total:total-matches\n');
    expect(growth).toEqual([
      signatureLine + jsonLength('Earlier attempts failed on:\n'),
      signatureLine,
      signatureLine,
      signatureLine,
    ]);
    expect(JSON.stringify(bad(1)).length).toBeGreaterThan(10 * signatureLine);
    for (const request of model.requests.slice(1)) expect(request.messages).toHaveLength(3);
  });

  describe('history', () => {
    it('records the signatures of each failed attempt, never the received value', async () => {
      const history = new InMemoryHistoryStore({ now: () => 0 });
      const key: HistoryKey = { workflow: 'receipt', version: 1 };
      const bad = { ...validReceipt, date: 'March 1', total: 6 };
      const { run } = setup(
        [{ json: bad }, { json: { ...validReceipt, total: 6 } }, { json: validReceipt }],
        {
          history: { store: history, key },
        },
      );
      await run();
      expect(await history.topLessons(key, 10)).toEqual([
        expect.objectContaining({
          signature: 'rule:total:total-matches',
          count: 1,
          example: 'total must equal the sum of item prices (5.75)',
        }),
        expect.objectContaining({
          signature: 'schema:date:invalid_format',
          count: 1,
          example: 'Invalid ISO date (expected YYYY-MM-DD)',
        }),
      ]);
      expect(JSON.stringify(await history.topLessons(key, 10))).not.toContain('March 1');
    });

    it('records nothing when the first reply is valid', async () => {
      const observed: IssueObservation[][] = [];
      const history: HistoryStore = {
        topLessons: async () => [],
        record: async (_key, obs) => void observed.push([...obs]),
      };
      await setup([{ json: validReceipt }], {
        history: { store: history, key: { workflow: 'receipt', version: 1 } },
      }).run();
      expect(observed).toEqual([]);
    });

    it("counts a counted job's first attempt against the lessons it was shown, and no later attempt", async () => {
      const calls: { signatures: string[]; firstAttempt: FirstAttemptExposure | undefined }[] = [];
      const history: HistoryStore = {
        topLessons: async () => [],
        record: async (_key, obs, firstAttempt) =>
          void calls.push({ signatures: obs.map((o) => o.signature), firstAttempt }),
      };
      const lesson = (signature: string) => ({
        signature,
        score: 1,
        count: 1,
        example: 'an example',
        firstSeen: 0,
        lastSeen: 0,
      });
      const key = { workflow: 'receipt', version: 1 };
      const script = () => [
        { json: { ...validReceipt, total: 1 } },
        { json: { ...validReceipt, total: 2 } },
        { json: validReceipt },
      ];
      const lessons = [lesson('rule:total:total-matches'), lesson('schema:date:invalid_format')];
      await setup(script(), { lessons, history: { store: history, key, countsFirstAttempt: true } }).run();
      expect(calls).toEqual([
        {
          signatures: ['rule:total:total-matches'],
          firstAttempt: { shown: ['rule:total:total-matches', 'schema:date:invalid_format'] },
        },
        { signatures: ['rule:total:total-matches'], firstAttempt: undefined },
      ]);
      calls.length = 0;
      await setup(script(), { lessons, history: { store: history, key } }).run();
      expect(calls.map((call) => call.firstAttempt)).toEqual([undefined, undefined]);
    });

    it('warns instead of failing when the history cannot be written', async () => {
      const history: HistoryStore = {
        topLessons: async () => [],
        record: async () => {
          throw new Error('history is down');
        },
      };
      const { run, warnings } = setup([{ json: { ...validReceipt, total: 1 } }, { json: validReceipt }], {
        history: { store: history, key: { workflow: 'receipt', version: 1 } },
      });
      expect((await run()).data).toEqual(validReceipt);
      expect(warnings).toEqual([
        expect.objectContaining({
          code: 'history_write_failed',
          cause: expect.objectContaining({ message: 'history is down' }),
        }),
      ]);
    });
  });

  it('lets a transport error through untouched, not counting it as an attempt', async () => {
    const transport = new ModelTransportError({
      kind: 'rate_limited',
      message: '429',
      status: 429,
      retryAfterMs: 2000,
    });
    const { run, store, options } = setup([{ json: { ...validReceipt, total: 1 } }, transport]);
    expect(await rejectionOf(run())).toBe(transport);
    expect((await store.load(jobKey)).map((record) => record.n)).toEqual([1]);
    const model = new FakeModelClient([{ json: validReceipt }]);
    const result = await extract({ ...options, model });
    expect(result.attempts).toBe(2);
    expect(model.calls).toBe(1);
  });

  it('reports an unknown model price once and gives cost null', async () => {
    const { run, warnings } = setup([
      { json: { ...validReceipt, total: 1 }, model: 'mystery-1' },
      { json: validReceipt, model: 'mystery-1' },
    ]);
    const result = await run();
    expect(result.costUsd).toBeNull();
    expect(result.model).toBe('mystery-1');
    expect(warnings).toEqual([expect.objectContaining({ code: 'unknown_model_price', model: 'mystery-1' })]);
  });

  it('marks an output cut at the storage cap and does not replay it', async () => {
    const { run, model } = setup([{ json: { ...validReceipt, total: 1 } }, { json: validReceipt }], {
      rawOutputCapBytes: 20,
    });
    const result = await run();
    expect(result.attemptRecords[0]).toMatchObject({
      rawOutputTruncated: true,
      rawOutput: JSON.stringify(validReceipt).slice(0, 20),
    });
    expect(model.requests[1]?.messages.map((message) => message.role)).toEqual(['user', 'user']);
  });

  describe('with the tool strategy', () => {
    it('replays the tool call and answers it with an error tool_result, then accepts the fix', async () => {
      const { run, model } = setup([{ json: { ...validReceipt, total: 1 } }, { json: validReceipt }], {
        strategy: 'tool',
      });
      const result = await run();
      expect(result.attemptRecords.map((record) => record.toolCallId)).toEqual([
        'toolu_fake_1',
        'toolu_fake_2',
      ]);
      expect(model.requests[1]?.messages.slice(1)).toMatchInlineSnapshot(`
        [
          {
            "content": [
              {
                "id": "toolu_fake_1",
                "input": {
                  "date": "2024-03-01",
                  "items": [
                    {
                      "name": "Coffee",
                      "price": 3.5,
                    },
                    {
                      "name": "Bagel",
                      "price": 2.25,
                    },
                  ],
                  "merchant": "Corner Cafe",
                  "total": 1,
                },
                "name": "submit_receipt",
                "type": "tool_call",
              },
            ],
            "role": "assistant",
          },
          {
            "content": [
              {
                "isError": true,
                "text": "Your reply was rejected. One problem to fix:
        - total: total must equal the sum of item prices (5.75) (received: 1)
        Reply again with the complete corrected output, keeping everything that was already right.",
                "toolCallId": "toolu_fake_1",
                "type": "tool_result",
              },
            ],
            "role": "user",
          },
        ]
      `);
    });

    it('stops on an always-identical tool call after two calls', async () => {
      const { run, model } = setup(() => ({ json: { ...validReceipt, total: 1 } }), { strategy: 'tool' });
      expect(await rejectionOf(run())).toMatchObject({ kind: 'no_progress' });
      expect(model.calls).toBe(2);
    });
  });

  it('rejects out-of-range options by name', async () => {
    const { run } = setup([], { maxAttempts: 0 });
    await expect(run()).rejects.toThrow('extract: maxAttempts must be a positive integer, got 0');
  });
});
