import { describe, expect, it } from 'vitest';
import type { AttemptRecord } from '../attempts/attempt-record';
import { InMemoryAttemptStore } from '../attempts/in-memory-attempt-store';
import { ExtractionRejectedError } from '../errors/extraction-rejected-error';
import type { ModelRequest } from '../model/model-request';
import {
  type Receipt,
  type ReceiptInput,
  receiptDocument,
  receiptWorkflow,
  validReceipt,
} from '../test-fixtures/receipt-workflow';
import { FakeModelClient, type FakeScript } from '../testing/fake-model-client';
import type { WorkflowDefinition } from '../workflow/define-workflow';
import { extract } from './extract';
import type { ExtractOptions } from './extract-options';

type ReceiptWorkflow = WorkflowDefinition<typeof ReceiptInput, typeof Receipt>;

function setup(
  script: FakeScript,
  options: {
    readonly workflow?: Partial<ReceiptWorkflow>;
    readonly extract?: Partial<ExtractOptions<ReceiptWorkflow>>;
  } = {},
) {
  const model = new FakeModelClient(script);
  const store = new InMemoryAttemptStore();
  const run = () =>
    extract({
      workflow: receiptWorkflow(options.workflow),
      input: { text: receiptDocument },
      model,
      attempts: { store, jobKey: 'job-1', inputHash: 'receipt-input' },
      ...options.extract,
    });
  return { model, store, run };
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

const wrongTotal = { ...validReceipt, total: 9 };

describe('extract() under the model table', () => {
  it('asks models that reject forced tool use with tool_choice auto, and feeds back a reply without the call', async () => {
    const { run, model } = setup([{ text: 'The total is 5.75.' }, { json: validReceipt }], {
      workflow: { model: 'claude-sonnet-5-5', strategy: 'tool' },
    });
    const result = await run();
    expect(result.attempts).toBe(2);
    expect(model.requests.map((request) => request.toolChoice)).toEqual(['auto', 'auto']);
    expect(result.attemptRecords[0]?.issues).toEqual([
      expect.objectContaining({ source: 'parse', code: 'missing_tool_call' }),
    ]);
    const retry = model.requests[1] as ModelRequest;
    expect(retry.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(retry.messages.at(-1))).toContain('the answer must be given by calling the tool');
  });

  it('replays a failed tool call as text on a model that thinks while its tool is not forced', async () => {
    const { run, model } = setup([{ json: wrongTotal }, { json: validReceipt }], {
      workflow: { model: 'claude-opus-5-5', strategy: 'tool' },
    });
    await run();
    const parts = (model.requests[1] as ModelRequest).messages.flatMap((message) => message.content);
    expect(parts.map((part) => part.type)).toEqual(['text', 'text', 'text', 'text']);
    expect(parts[2]).toEqual({ type: 'text', text: JSON.stringify(wrongTotal) });
  });

  it('keeps forced tool use and tool_result replay on models that accept it', async () => {
    const { run, model } = setup([{ json: wrongTotal }, { json: validReceipt }], {
      workflow: { model: 'claude-haiku-5-5', strategy: 'tool' },
    });
    await run();
    expect(model.requests.map((request) => request.toolChoice)).toEqual([undefined, undefined]);
    const parts = (model.requests[1] as ModelRequest).messages.flatMap((message) => message.content);
    expect(parts.map((part) => part.type)).toContain('tool_result');
  });

  it.each(['claude-haiku-5-5', 'claude-sonnet-5-5', 'claude-opus-5-5', 'claude-sonnet-4-5'])(
    'never ends a request to %s with an assistant turn (no prefill), whatever the strategy',
    async (modelId) => {
      for (const strategy of ['structured', 'tool'] as const) {
        const { run, model } = setup(
          [{ json: wrongTotal }, { text: 'not json' }, { text: '' }, { json: validReceipt }],
          { workflow: { model: modelId, strategy, maxAttempts: 4 }, extract: { stopOnNoProgress: false } },
        );
        await run();
        expect(model.requests.map((request) => request.messages.at(-1)?.role)).toEqual([
          'user',
          'user',
          'user',
          'user',
        ]);
      }
    },
  );

  it('sends the table default effort, the workflow level, or the job level, and records it', async () => {
    const runWith = async (options: Parameters<typeof setup>[1]) => {
      const { run, model } = setup([{ json: validReceipt }], options);
      const result = await run();
      return { sent: model.requests[0]?.effort, recorded: result.attemptRecords[0]?.effort };
    };
    expect(await runWith({ workflow: { model: 'claude-haiku-5-5' } })).toEqual({
      sent: 'medium',
      recorded: 'medium',
    });
    expect(await runWith({ workflow: { model: 'claude-haiku-5-5', effort: 'low' } })).toEqual({
      sent: 'low',
      recorded: 'low',
    });
    expect(
      await runWith({ workflow: { model: 'claude-haiku-5-5', effort: 'low' }, extract: { effort: 'max' } }),
    ).toEqual({ sent: 'max', recorded: 'max' });
    expect(await runWith({ workflow: { model: 'claude-sonnet-4-5' }, extract: { effort: 'low' } })).toEqual({
      sent: undefined,
      recorded: null,
    });
  });

  it('climbs the effort ladder one level per failed attempt up to the default, even on the same reply', async () => {
    const { run, model } = setup(
      [{ json: wrongTotal }, { json: wrongTotal }, { json: wrongTotal }, { json: validReceipt }],
      { workflow: { model: 'claude-sonnet-5-5', effort: { start: 'low' }, maxAttempts: 4 } },
    );
    const result = await run();
    expect(model.requests.map((request) => request.effort)).toEqual(['low', 'medium', 'high', 'high']);
    expect(result.attemptRecords.map((record) => record.effort)).toEqual(['low', 'medium', 'high', 'high']);
  });

  it('stops for no progress only when the same reply came back at the same effort', async () => {
    const { run } = setup([{ json: wrongTotal }, { json: wrongTotal }, { json: wrongTotal }], {
      workflow: { model: 'claude-haiku-5-5', effort: { start: 'low' }, maxAttempts: 5 },
    });
    const error = await rejectionOf(run());
    expect(error).toMatchObject({ kind: 'no_progress', records: { length: 3 } });
  });

  it('resumes a ladder one level above the stored attempt', async () => {
    const first = setup([{ json: wrongTotal }, new Error('worker died')], {
      workflow: { model: 'claude-sonnet-5-5', effort: { start: 'low' } },
    });
    await rejectionOf(first.run());
    const second = new FakeModelClient([{ json: validReceipt }]);
    const result = await extract({
      workflow: receiptWorkflow({ model: 'claude-sonnet-5-5', effort: { start: 'low' } }),
      input: { text: receiptDocument },
      model: second,
      attempts: { store: first.store, jobKey: 'job-1', inputHash: 'receipt-input' },
    });
    expect(second.requests[0]?.effort).toBe('medium');
    expect(second.requests[0]?.diagnostics).toEqual({ previousMessageId: 'msg_fake_1' });
    expect(result.attemptRecords.map((record) => record.effort)).toEqual(['low', 'medium']);
  });

  it("skips thinking before the answer and keeps the thinking tokens in the attempt's usage", async () => {
    const { run } = setup([
      {
        thinking: 'The items add up to 5.75.',
        json: validReceipt,
        usage: { outputTokens: 900, thinkingTokens: 800 },
      },
    ]);
    const result = await run();
    expect(result.data).toEqual(validReceipt);
    expect(result.attemptRecords[0]?.usage).toMatchObject({ outputTokens: 900, thinkingTokens: 800 });
    expect(result.usage.thinkingTokens).toBe(800);
  });

  it('opts into cache diagnostics, names the previous message on every retry and records the miss reason', async () => {
    const { run, model } = setup([
      { json: wrongTotal, messageId: 'msg_a' },
      { json: { ...wrongTotal, total: 8 }, messageId: 'msg_b', cacheMissReason: 'messages_changed' },
      { json: validReceipt, messageId: 'msg_c' },
    ]);
    const result = await run();
    expect(model.requests.map((request) => request.diagnostics)).toEqual([
      { previousMessageId: null },
      { previousMessageId: 'msg_a' },
      { previousMessageId: 'msg_b' },
    ]);
    expect(result.attemptRecords.map((record) => [record.messageId, record.cacheMissReason])).toEqual([
      ['msg_a', null],
      ['msg_b', 'messages_changed'],
      ['msg_c', null],
    ]);
  });

  it('row 79: records the refusal category and rejects the job naming it', async () => {
    const { run } = setup([{ stopReason: 'refusal', refusalCategory: 'cyber' }]);
    const error = await rejectionOf(run());
    expect(error).toBeInstanceOf(ExtractionRejectedError);
    expect(error).toMatchObject({
      kind: 'refused',
      refusalCategory: 'cyber',
      message: 'The model refused to answer (cyber)',
      records: [expect.objectContaining({ refusalCategory: 'cyber', stopReason: 'refusal' })],
    });
  });

  it('names the workflow fallbacks and prices a fallback answer by the models that served it', async () => {
    const refusedHop = {
      inputTokens: 1000,
      outputTokens: 10,
      cacheCreationInputTokens: 0,
      cacheReadInputTokens: 0,
    };
    const answerHop = {
      inputTokens: 1000,
      outputTokens: 200,
      cacheCreationInputTokens: 0,
      cacheReadInputTokens: 0,
    };
    const { run, model } = setup(
      [
        {
          json: validReceipt,
          model: 'claude-haiku-4-5',
          fallbackFrom: 'claude-sonnet-4-5',
          usage: { inputTokens: 2000, outputTokens: 210 },
          usageByModel: [
            { model: 'claude-sonnet-4-5', usage: refusedHop },
            { model: 'claude-haiku-4-5', usage: answerHop },
          ],
        },
      ],
      { workflow: { model: 'claude-sonnet-4-5', fallbacks: ['claude-haiku-4-5'] } },
    );
    const result = await run();
    expect(model.requests[0]?.fallbacks).toEqual(['claude-haiku-4-5']);
    const record = result.attemptRecords[0] as AttemptRecord;
    expect(record).toMatchObject({ model: 'claude-haiku-4-5', fallbackFrom: 'claude-sonnet-4-5' });
    // Sonnet 4.5 at $3/$15 for the refused hop, Haiku 4.5 at $1/$5 for the answer.
    expect(record.costUsd).toBeCloseTo((1000 * 3 + 10 * 15 + 1000 * 1 + 200 * 5) / 1e6, 12);
  });
});
