import {
  type AnyWorkflow,
  ExtractionRejectedError,
  type ExtractOptions,
  extract,
  type OutputStrategy,
} from '@quarry/core';
import { InMemoryAttemptStore } from '@quarry/core/testing';
import type { StandinOptions } from '@quarry/standin';
import { invoiceWorkflow } from '@quarry/workflows';
import { describe, expect, it } from 'vitest';
import { createAnthropicModelClient } from './create-anthropic-model-client';
import { acmeInvoice, acmeInvoiceText, json } from './test-fixtures/acme-invoice';
import { standinsClosedAfterEach } from './test-fixtures/started-standins';

const text = acmeInvoiceText;
const valid = acmeInvoice;
const wrongTotal = json({ ...valid, total: 400 });
const wrongDate = json({ ...valid, issueDate: '05.03.2024' });

const startTestStandin = standinsClosedAfterEach();

/** A stand-in enforcing the model table's rules, and extractions through the real SDK against it. */
async function setup(script: StandinOptions['script']) {
  const standin = await startTestStandin({ script });
  const model = createAnthropicModelClient({ apiKey: 'test-key', baseURL: standin.url });
  const run = (workflow: Partial<AnyWorkflow>, options: Partial<ExtractOptions> = {}) =>
    extract({
      workflow: { ...invoiceWorkflow, ...workflow } as typeof invoiceWorkflow,
      input: { text },
      model,
      attempts: { store: new InMemoryAttemptStore(), jobKey: 'job-1', inputHash: 'invoice-input' },
      ...options,
    });
  return { standin, run };
}

const models = ['claude-haiku-5-5', 'claude-sonnet-5-5', 'claude-opus-5-5', 'claude-sonnet-4-5'] as const;
const strategies: readonly OutputStrategy[] = ['structured', 'tool'];

describe('requests each model accepts, through @anthropic-ai/sdk against the stand-in', () => {
  it.each(models.flatMap((model) => strategies.map((strategy) => [model, strategy] as const)))(
    '%s with %s: three attempts, none rejected by the model',
    async (model, strategy) => {
      const { standin, run } = await setup([wrongTotal, wrongDate, json(valid)]);
      const result = await run({ model, strategy });
      expect(result.data).toEqual(valid);
      expect(standin.stats.byStatus).toEqual({ '200': 3 });
      for (const { body } of standin.requests) {
        expect(body.messages.at(-1)?.role).toBe('user');
        expect(body.temperature ?? body.top_p ?? body.top_k).toBeUndefined();
      }
    },
  );

  it('row 70, row 71: forced tool choice on Sonnet 5.5 / Opus 5.5 / Fable 5.1; text instead of the tool call under tool_choice: auto -> asks Sonnet 5.5 with a strict tool and tool_choice auto, and feeds back a reply without the call', async () => {
    const { standin, run } = await setup([{ kind: 'text', text: 'The total is 393.89 EUR.' }, json(valid)]);
    const result = await run({ model: 'claude-sonnet-5-5', strategy: 'tool' });
    expect(result.data).toEqual(valid);
    expect(result.attemptRecords[0]?.issues).toEqual([
      expect.objectContaining({ source: 'parse', code: 'missing_tool_call' }),
    ]);
    const [first, retry] = standin.requests.map((request) => request.body);
    expect(first?.tool_choice).toEqual({ type: 'auto' });
    expect(first?.tools?.[0]).toMatchObject({ name: 'submit_invoice', strict: true });
    expect(retry?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('sends the default effort of Haiku 5.5, none to Haiku 4.5, and climbs a ladder from low', async () => {
    const { standin, run } = await setup(() => wrongTotal);
    await run({ model: 'claude-haiku-5-5', maxAttempts: 1 }).catch(() => undefined);
    await run({ model: 'claude-haiku-4-5', maxAttempts: 1 }).catch(() => undefined);
    await run(
      { model: 'claude-sonnet-5-5', effort: { start: 'low' }, maxAttempts: 4 },
      { stopOnNoProgress: false },
    ).catch(() => undefined);
    expect(standin.requests.map((request) => request.body.output_config?.effort)).toEqual([
      'medium',
      undefined,
      'low',
      'medium',
      'high',
      'high',
    ]);
  });

  it("counts the model's thinking tokens in the attempt's usage and skips its thinking block", async () => {
    const { run } = await setup([json(valid)]);
    const result = await run({ model: 'claude-sonnet-5-5' });
    expect(result.data).toEqual(valid);
    // The stand-in thinks 1,500 tokens at Sonnet 5.5's default effort (high).
    expect(result.attemptRecords[0]?.usage.thinkingTokens).toBe(1500);
    expect(result.usage.outputTokens).toBeGreaterThan(1500);
  });

  it('records the refusal category and rejects naming it', async () => {
    const { run } = await setup([{ kind: 'refusal', category: 'cyber' }]);
    const error = await run({ model: 'claude-haiku-5-5' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExtractionRejectedError);
    expect(error).toMatchObject({
      kind: 'refused',
      refusalCategory: 'cyber',
      records: [expect.objectContaining({ refusalCategory: 'cyber' })],
    });
  });

  it('lets a fallback model answer a refusal server-side, and records and prices the answering model', async () => {
    const { standin, run } = await setup([{ kind: 'refusal', category: 'cyber', fallback: json(valid) }]);
    const result = await run({ model: 'claude-sonnet-4-5', fallbacks: ['claude-haiku-4-5'] });
    expect(result.data).toEqual(valid);
    expect(standin.requests[0]?.body.fallbacks).toEqual([{ model: 'claude-haiku-4-5' }]);
    expect(standin.requests[0]?.headers['anthropic-beta']).toContain('server-side-fallback-2026-07-01');
    const record = result.attemptRecords[0];
    expect(record).toMatchObject({ model: 'claude-haiku-4-5', fallbackFrom: 'claude-sonnet-4-5' });
    // Both hops are paid: more than the whole usage at Haiku 4.5 prices, less than at Sonnet 4.5 prices.
    const at = (input: number, output: number, cacheWrite: number) =>
      (record!.usage.inputTokens * input +
        record!.usage.outputTokens * output +
        record!.usage.cacheCreationInputTokens * cacheWrite) /
      1e6;
    expect(record?.costUsd).toBeGreaterThan(at(1, 5, 1.25));
    expect(record?.costUsd).toBeLessThan(at(3, 15, 3.75));
  });

  it('row 72: a fallback model that rejects what the request carries -> asks with tool_choice auto when a fallback model rejects forced tool use, so no hop answers 400', async () => {
    const { standin, run } = await setup([wrongTotal, json(valid)]);
    const result = await run({
      model: 'claude-haiku-5-5',
      strategy: 'tool',
      fallbacks: ['claude-sonnet-5-5'],
    });
    expect(result.data).toEqual(valid);
    expect(standin.stats.byStatus).toEqual({ '200': 2 });
    expect(standin.requests.map((request) => request.body.tool_choice)).toEqual([
      { type: 'auto' },
      { type: 'auto' },
    ]);
  });

  it('sends the previous message id on every retry and records why the cache missed', async () => {
    const { standin, run } = await setup([wrongTotal, wrongDate, json(valid)]);
    const result = await run({ model: 'claude-haiku-5-5' });
    const sent = standin.requests.map((request) => request.body.diagnostics?.previous_message_id);
    const ids = result.attemptRecords.map((record) => record.messageId);
    expect(sent).toEqual([null, ids[0], ids[1]]);
    // The third request replaces the second's failed reply instead of appending to it.
    expect(result.attemptRecords.map((record) => record.cacheMissReason)).toEqual([
      null,
      null,
      'messages_changed',
    ]);
  });
});
