import {
  ExtractionExhaustedError,
  ExtractionRejectedError,
  type ExtractionResult,
  type ExtractOptions,
  extract,
  type Lesson,
  ModelTransportError,
} from '@quarry/core';
import { InMemoryAttemptStore } from '@quarry/core/testing';
import type { RequestBlock, StandinReply } from '@quarry/standin';
import { type Invoice, invoiceWorkflow } from '@quarry/workflows';
import { describe, expect, it } from 'vitest';
import {
  type AnthropicModelClientOptions,
  createAnthropicModelClient,
} from './create-anthropic-model-client';
import { acmeInvoice, acmeInvoiceText, json } from './test-fixtures/acme-invoice';
import { standinsClosedAfterEach } from './test-fixtures/started-standins';

const text = acmeInvoiceText;
const valid = acmeInvoice;
const startTestStandin = standinsClosedAfterEach();

/** Starts a stand-in answering `script` and runs one extraction through the real SDK against it. */
async function setup(script: readonly StandinReply[], client: AnthropicModelClientOptions = {}) {
  const standin = await startTestStandin({ script });
  const model = createAnthropicModelClient({ apiKey: 'test-key', baseURL: standin.url, ...client });
  const run = (options: Partial<ExtractOptions<typeof invoiceWorkflow>> = {}) =>
    extract({ workflow: invoiceWorkflow, input: { text }, model, modelId: 'claude-haiku-4-5', ...options });
  return { standin, run };
}

/** The settled outcome of a run, so failures can be inspected field by field. */
async function outcome<T>(promise: Promise<T>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the extraction to fail');
}

const blocks = (content: string | readonly RequestBlock[]): readonly RequestBlock[] =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : content;

const textOf = (content: string | readonly RequestBlock[]): string =>
  blocks(content)
    .map((block) =>
      typeof block.text === 'string' ? block.text : typeof block.content === 'string' ? block.content : '',
    )
    .join('\n');

describe('extract() through @anthropic-ai/sdk against the stand-in', () => {
  it('returns a valid first reply after one call, with usage and request id from the wire', async () => {
    const { standin, run } = await setup([json(valid)]);
    const result: ExtractionResult<Invoice> = await run();
    expect(result.data).toEqual(valid);
    expect(result.attempts).toBe(1);
    expect(standin.requests).toHaveLength(1);
    const body = standin.requests[0]!.body;
    expect(body.output_config?.format).toMatchObject({ type: 'json_schema', schema: { type: 'object' } });
    expect(body.tools).toBeUndefined();
    expect(result.attemptRecords[0]?.requestId).toMatch(/\S/);
    expect(result.usage.inputTokens + result.usage.cacheCreationInputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
  });

  it('fixes a schema failure after feedback naming the field', async () => {
    const wrongDate = { ...valid, issueDate: '05.03.2024' };
    const { standin, run } = await setup([json(wrongDate), json(valid)]);
    const result = await run();
    expect(result.data).toEqual(valid);
    expect(result.attempts).toBe(2);
    expect(result.attemptRecords[0]?.issues.map((issue) => [issue.source, issue.path])).toEqual([
      ['schema', 'issueDate'],
    ]);
    const retry = standin.requests[1]!.body.messages;
    expect(retry.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.parse(textOf(retry[1]!.content))).toEqual(wrongDate);
    expect(textOf(retry[2]!.content)).toContain('- issueDate:');
  });

  it('fixes a rule failure after feedback naming the rule finding', async () => {
    const wrongTotal = { ...valid, total: 400 };
    const { standin, run } = await setup([json(wrongTotal), json(valid)]);
    const result = await run();
    expect(result.data).toEqual(valid);
    expect(result.attemptRecords[0]?.issues).toEqual([
      expect.objectContaining({ source: 'rule', ruleId: 'total-matches', path: 'total' }),
    ]);
    const feedback = textOf(standin.requests[1]!.body.messages.at(-1)!.content);
    expect(feedback).toContain('- total: total 400.00 does not equal subtotal + tax');
  });

  it('gives up after 3 invalid replies with every attempt recorded', async () => {
    const { standin, run } = await setup([
      json({ ...valid, total: 400 }),
      json({ ...valid, total: 401 }),
      json({ ...valid, total: 402 }),
      json(valid),
    ]);
    const error = await outcome(run());
    expect(error).toBeInstanceOf(ExtractionExhaustedError);
    const exhausted = error as ExtractionExhaustedError;
    expect(exhausted.kind).toBe('validation_exhausted');
    expect(exhausted.records.map((record) => record.n)).toEqual([1, 2, 3]);
    expect(exhausted.records.map((record) => JSON.parse(record.rawOutput).total)).toEqual([400, 401, 402]);
    expect(standin.requests).toHaveLength(3);
  });

  it('stops after 2 calls when the model repeats the same mistake', async () => {
    const same = json({ ...valid, total: 400 });
    const { standin, run } = await setup([same, same, same]);
    const error = await outcome(run());
    expect(error).toBeInstanceOf(ExtractionExhaustedError);
    expect((error as ExtractionExhaustedError).kind).toBe('no_progress');
    expect((error as ExtractionExhaustedError).attempts).toBe(2);
    expect(standin.requests).toHaveLength(2);
  });

  it('asks again with doubled max_tokens after a truncated reply', async () => {
    const { standin, run } = await setup([
      { kind: 'truncated', text: '{"vendorName":"Acme To' },
      json(valid),
    ]);
    const result = await run();
    expect(result.data).toEqual(valid);
    expect(result.attemptRecords[0]?.stopReason).toBe('max_tokens');
    expect(standin.requests.map((request) => request.body.max_tokens)).toEqual([4096, 8192]);
  });

  it('streams the call once max_tokens has grown above the streaming threshold', async () => {
    const { standin, run } = await setup(
      [{ kind: 'truncated', text: '{"vendorName":"Acme To' }, json(valid)],
      {
        streamAboveMaxTokens: 8000,
      },
    );
    const result = await run();
    expect(result.data).toEqual(valid);
    expect(
      standin.requests.map((request) => [request.body.max_tokens, request.body.stream ?? false]),
    ).toEqual([
      [4096, false],
      [8192, true],
    ]);
    expect(result.attemptRecords[1]?.requestId).toMatch(/\S/);
    expect(result.attemptRecords[1]?.usage.outputTokens).toBeGreaterThan(0);
  });

  it('rejects a refusal at once', async () => {
    const { standin, run } = await setup([{ kind: 'refusal' }, json(valid)]);
    const error = await outcome(run());
    expect(error).toBeInstanceOf(ExtractionRejectedError);
    expect((error as ExtractionRejectedError).kind).toBe('refused');
    expect(standin.requests).toHaveLength(1);
  });

  it('reports a 429 as rate_limited with the retry-after, after a single HTTP call', async () => {
    const { standin, run } = await setup([{ kind: 'error', status: 429, retryAfterSeconds: 7 }, json(valid)]);
    const error = await outcome(run());
    expect(error).toBeInstanceOf(ModelTransportError);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 7000 });
    expect((error as ModelTransportError).requestId).toMatch(/\S/);
    expect(standin.requests).toHaveLength(1);
  });

  it.each([
    [529, 'overloaded'],
    [500, 'server error'],
  ])('reports a %i (%s) as transient', async (status) => {
    const { standin, run } = await setup([{ kind: 'error', status }, json(valid)]);
    const error = await outcome(run());
    expect(error).toBeInstanceOf(ModelTransportError);
    expect(error).toMatchObject({ kind: 'transient', status });
    expect(standin.requests).toHaveLength(1);
  });

  it('reports a connection reset as transient', async () => {
    const { run } = await setup([{ kind: 'reset' }, json(valid)]);
    const error = await outcome(run());
    expect(error).toBeInstanceOf(ModelTransportError);
    expect(error).toMatchObject({ kind: 'transient', status: null });
  });

  it('reports a 400 as permanent with the API message', async () => {
    const message = 'messages.0.content.0.text: text content blocks must be non-empty';
    const { run } = await setup([{ kind: 'error', status: 400, message }]);
    const error = await outcome(run());
    expect(error).toBeInstanceOf(ModelTransportError);
    expect(error).toMatchObject({ kind: 'permanent', status: 400 });
    expect((error as ModelTransportError).message).toContain(message);
  });

  it('resumes from stored attempts without calling the model for them', async () => {
    const store = new InMemoryAttemptStore();
    const attempts = { store, jobKey: 'job-resume', inputHash: 'receipt-input' };
    const wrongTotal = { ...valid, total: 400 };
    const { standin, run } = await setup([json(wrongTotal), { kind: 'error', status: 529 }, json(valid)]);

    const interrupted = await outcome(run({ attempts }));
    expect(interrupted).toMatchObject({ name: 'ModelTransportError', kind: 'transient' });
    expect(await store.load('job-resume')).toHaveLength(1);
    expect(standin.requests).toHaveLength(2);

    const result = await run({ attempts });
    expect(result.data).toEqual(valid);
    expect(result.attempts).toBe(2);
    expect(standin.requests).toHaveLength(3);
    const resumed = standin.requests[2]!.body.messages;
    expect(JSON.parse(textOf(resumed[1]!.content))).toEqual(wrongTotal);
    expect(textOf(resumed[2]!.content)).toContain('- total:');
    expect((await store.load('job-resume')).map((record) => record.n)).toEqual([1, 2]);
  });

  it('ends the shared prefix on the system block and the first turn after the lessons, never before them', async () => {
    const lesson: Lesson = {
      signature: 'rule:total-matches',
      score: 4.2,
      count: 6,
      example: 'total does not equal subtotal + tax',
      firstSeen: 1_700_000_000_000,
      lastSeen: 1_700_000_100_000,
    };
    const { standin, run } = await setup([json(valid)]);
    // Claude Haiku 5.5 caches from 512 tokens: both prefixes of this invoice are long enough.
    await run({ lessons: [lesson], modelId: 'claude-haiku-5-5' });
    const body = standin.requests[0]!.body;
    expect(body.system).toEqual([expect.objectContaining({ cache_control: { type: 'ephemeral' } })]);
    expect(JSON.stringify(body.system)).not.toContain('rule:total-matches');
    const first = blocks(body.messages[0]!.content);
    const breakpoints = first.flatMap((block, index) => (block.cache_control ? [index] : []));
    expect(breakpoints).toEqual([first.length - 1]);
    expect(first[0]!.text).toContain(text);
    const lessonsAt = first.findIndex((block) => block.text?.includes('rule:total-matches'));
    expect(lessonsAt).toBeGreaterThan(0);
    expect(first[lessonsAt]!.text).toContain('total does not equal subtotal + tax');
    expect(first[0]!.text).not.toContain('rule:total-matches');
  });

  it('places no breakpoint before a prefix below the model minimum (Claude Haiku 4.5: 4,096 tokens)', async () => {
    const { standin, run } = await setup([json(valid)]);
    await run();
    const body = standin.requests[0]!.body;
    expect(JSON.stringify(body)).not.toContain('cache_control');
  });

  it('answers every tool_use with an is_error tool_result when the strategy is tool', async () => {
    const { standin, run } = await setup([
      json({ ...valid, total: 400 }),
      json({ ...valid, total: 401 }),
      json(valid),
    ]);
    const result = await run({ strategy: 'tool' });
    expect(result.data).toEqual(valid);
    expect(standin.requests).toHaveLength(3);
    for (const { body } of standin.requests) {
      expect(body.tools?.map((tool) => tool.name)).toEqual(['submit_invoice']);
      expect(body.tool_choice).toEqual({ type: 'tool', name: 'submit_invoice' });
      expect(body.output_config).toBeUndefined();
    }
    const retries = standin.requests.slice(1).map((request) => request.body.messages);
    for (const messages of retries) {
      const uses = messages.flatMap((message, index) =>
        message.role === 'assistant'
          ? blocks(message.content)
              .filter((block) => block.type === 'tool_use')
              .map((block) => ({ id: block.id, answeredIn: messages[index + 1] }))
          : [],
      );
      expect(uses).toHaveLength(1);
      for (const use of uses) {
        expect(use.answeredIn?.role).toBe('user');
        expect(blocks(use.answeredIn!.content)).toContainEqual(
          expect.objectContaining({ type: 'tool_result', tool_use_id: use.id, is_error: true }),
        );
      }
    }
    const lastRetry = retries.at(-1)!;
    expect(blocks(lastRetry[1]!.content)[0]).toMatchObject({ type: 'tool_use', input: { total: 401 } });
  });

  it('reads the cached prefix on the second request for the same document', async () => {
    const { run } = await setup([json({ ...valid, total: 400 }), json(valid)]);
    const result = await run({ modelId: 'claude-haiku-5-5' });
    const [first, second] = result.attemptRecords;
    expect(first?.usage.cacheCreationInputTokens).toBeGreaterThan(0);
    expect(first?.usage.cacheReadInputTokens).toBe(0);
    expect(second?.usage.cacheReadInputTokens).toBe(first?.usage.cacheCreationInputTokens);
    expect(result.usage.cacheReadInputTokens).toBeGreaterThan(0);
  });
});
