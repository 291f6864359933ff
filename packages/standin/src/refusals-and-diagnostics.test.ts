import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { fallbackBetaPrefix } from './model-rules';
import type { StandinOptions } from './standin-options';
import type { StandinReply } from './standin-reply';
import { type Standin, startStandin } from './start-standin';
import { corpus } from './test-corpus';

const schema = {
  type: 'object' as const,
  properties: { name: { type: 'string' }, total: { type: 'number' } },
  required: ['name', 'total'],
};
const answer: StandinReply = { kind: 'json', value: { name: 'ACME', total: 12.5 } };
const beta = `${fallbackBetaPrefix}2026-07-01` as const;

const request = (model: string): MessageCreateParamsNonStreaming => ({
  model,
  max_tokens: 4096,
  system: [{ type: 'text', text: 'Extract the invoice.' }],
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'Invoice from ACME, total 12.50', cache_control: { type: 'ephemeral' } },
      ],
    },
  ],
  output_config: { format: { type: 'json_schema', schema } },
});

let standin: Standin | undefined;
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

async function start(options: Partial<StandinOptions> & Pick<StandinOptions, 'script'>) {
  standin = await startStandin(options);
  return new Anthropic({ apiKey: 'test', baseURL: standin.url, maxRetries: 0 });
}

describe('refusals and server-side fallback, through the SDK', () => {
  it('refuses with stop_details naming the category and explanation', async () => {
    const sdk = await start({
      script: [{ kind: 'refusal', category: 'cyber', explanation: 'Blocked under the usage policy.' }],
    });
    const message = await sdk.messages.create(request('claude-haiku-5-5'));
    expect(message).toMatchObject({
      stop_reason: 'refusal',
      content: [],
      stop_details: { type: 'refusal', category: 'cyber', explanation: 'Blocked under the usage policy.' },
    });
  });

  it('answers a refused request from the first fallback model, naming it, with usage per hop', async () => {
    const sdk = await start({ script: [{ kind: 'refusal', category: 'bio', fallback: answer }] });
    const message = await sdk.beta.messages.create({
      ...request('claude-fable-5-1'),
      fallbacks: [{ model: 'claude-sonnet-4-5' }],
      betas: [beta],
    });
    expect(message.model).toBe('claude-sonnet-4-5');
    expect(message.stop_reason).toBe('end_turn');
    expect(message.content[0]).toEqual({
      type: 'fallback',
      from: { model: 'claude-fable-5-1' },
      to: { model: 'claude-sonnet-4-5' },
      trigger: { type: 'refusal', category: 'bio' },
    });
    const [refused, served] = message.usage.iterations ?? [];
    expect(refused).toMatchObject({ type: 'message', model: 'claude-fable-5-1' });
    expect(served).toMatchObject({ type: 'fallback_message', model: 'claude-sonnet-4-5' });
    expect(message.usage.output_tokens).toBe((refused?.output_tokens ?? 0) + (served?.output_tokens ?? 0));
    // Caches are per model: the fallback model writes the prefix again.
    expect(served?.cache_creation_input_tokens).toBeGreaterThan(0);
    // Each hop splits its writes by TTL, and the top-level split adds both hops up.
    expect(served?.cache_creation?.ephemeral_5m_input_tokens).toBe(served?.cache_creation_input_tokens);
    expect(message.usage.cache_creation?.ephemeral_5m_input_tokens).toBe(
      (refused?.cache_creation?.ephemeral_5m_input_tokens ?? 0) +
        (served?.cache_creation?.ephemeral_5m_input_tokens ?? 0),
    );
    expect(message.usage.cache_creation_input_tokens).toBe(
      (refused?.cache_creation_input_tokens ?? 0) + (served?.cache_creation_input_tokens ?? 0),
    );
  });

  it('streams a fallback answer so the SDK names the fallback model', async () => {
    const sdk = await start({ script: [{ kind: 'refusal', category: 'cyber', fallback: answer }] });
    const message = await sdk.beta.messages
      .stream({ ...request('claude-opus-5-5'), fallbacks: [{ model: 'claude-haiku-5-5' }], betas: [beta] })
      .finalMessage();
    expect(message.model).toBe('claude-haiku-5-5');
    expect(message.content.map((block) => block.type)).toEqual(['fallback', 'thinking', 'text']);
  });

  it('row 78: keeps the refusal when the request names no fallback, and refuses fallbacks without the beta header', async () => {
    const sdk = await start({ script: () => ({ kind: 'refusal', category: 'cyber', fallback: answer }) });
    expect((await sdk.messages.create(request('claude-opus-5-5'))).stop_reason).toBe('refusal');
    const error = await sdk.beta.messages
      .create({ ...request('claude-opus-5-5'), fallbacks: [{ model: 'claude-haiku-5-5' }] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as InstanceType<typeof Anthropic.APIError>).status).toBe(400);
    expect((error as InstanceType<typeof Anthropic.APIError>).message).toContain(
      'fallbacks: requires the anthropic-beta header server-side-fallback-2026-07-01',
    );
  });

  it('checks each fallback model against its own rules', async () => {
    const sdk = await start({ script: () => answer });
    const error = await sdk.beta.messages
      .create({
        ...request('claude-haiku-5-5'),
        output_config: undefined,
        tools: [{ name: 'record_answer', input_schema: schema }],
        tool_choice: { type: 'tool', name: 'record_answer' },
        fallbacks: [{ model: 'claude-sonnet-5-5' }],
        betas: [beta],
      })
      .catch((caught: unknown) => caught);
    expect((error as InstanceType<typeof Anthropic.APIError>).status).toBe(400);
    expect((error as InstanceType<typeof Anthropic.APIError>).message).toContain(
      'not supported by claude-sonnet-5-5',
    );
  });

  it('injects refusals with a category as a fault, answered by a fallback when the request names one', async () => {
    standin = await startStandin({
      simulate: { corpus },
      faults: { refusal: 1, refusalCategory: 'general_harms' },
    });
    const sdk = new Anthropic({ apiKey: 'test', baseURL: standin.url, maxRetries: 0 });
    const document = corpus[0]?.text ?? '';
    const ask = { ...request('claude-sonnet-5-5'), messages: [{ role: 'user' as const, content: document }] };
    const refused = await sdk.messages.create(ask);
    expect(refused.stop_details).toMatchObject({ category: 'general_harms' });
    const served = await sdk.beta.messages.create({
      ...ask,
      fallbacks: [{ model: 'claude-sonnet-4-6' }],
      betas: [beta],
    });
    expect(served.model).toBe('claude-sonnet-4-6');
    expect(served.stop_reason).toBe('end_turn');
  });
});

describe('options of the new rules', () => {
  it('row 84: stand-in options: an unknown refusal category -> names a refusal category, a model table or thinking tokens it cannot use', async () => {
    await expect(
      startStandin({
        script: [],
        faults: { refusal: 1, refusalCategory: 'evil' as never },
        models: { 'claude-x': { name: '' } } as never,
        thinkingTokens: { low: -1 },
      }),
    ).rejects.toMatchObject({
      name: 'InvalidStandinOptionsError',
      problems: [
        expect.stringMatching(/^faults: .*refusalCategory/),
        expect.stringMatching(/^models: .*claude-x/),
        expect.stringMatching(/^thinkingTokens: .*low/),
      ],
    });
  });
});

describe('cache diagnostics, through the SDK', () => {
  it('names the first divergence from the request the previous message id names', async () => {
    const sdk = await start({ script: () => answer });
    const first = await sdk.messages.create({
      ...request('claude-sonnet-5-5'),
      diagnostics: { previous_message_id: null },
    });
    expect(first.diagnostics).toBeNull();
    const after = (change: Partial<MessageCreateParamsNonStreaming>) =>
      sdk.messages.create({
        ...request('claude-sonnet-5-5'),
        ...change,
        diagnostics: { previous_message_id: first.id },
      });
    const base = request('claude-sonnet-5-5');
    const appended = await after({
      messages: [
        ...base.messages,
        { role: 'assistant', content: '{"name":"ACME"}' },
        { role: 'user', content: 'total is missing' },
      ],
    });
    expect(appended.diagnostics).toBeNull();
    // Where the breakpoints sit is no change of the prompt: moving them (or adding one) diverges nothing.
    const moved = await after({
      system: [{ type: 'text', text: 'Extract the invoice.', cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Invoice from ACME, total 12.50' }] }],
    });
    expect(moved.diagnostics).toBeNull();
    const missed = expect.any(Number);
    expect((await after({ model: 'claude-haiku-5-5' })).diagnostics).toEqual({
      cache_miss_reason: { type: 'model_changed', cache_missed_input_tokens: missed },
    });
    expect((await after({ system: 'Extract it all.' })).diagnostics).toEqual({
      cache_miss_reason: { type: 'system_changed', cache_missed_input_tokens: missed },
    });
    expect(
      (
        await after({
          tools: [{ name: 'record_answer', input_schema: schema }],
          tool_choice: { type: 'auto' },
        })
      ).diagnostics?.cache_miss_reason?.type,
    ).toBe('tools_changed');
    expect((await after({ messages: [{ role: 'user', content: 'Another invoice' }] })).diagnostics).toEqual({
      cache_miss_reason: { type: 'messages_changed', cache_missed_input_tokens: missed },
    });
    expect((await after({ thinking: { type: 'disabled' } })).diagnostics).toEqual({
      cache_miss_reason: { type: 'unavailable' },
    });
    const missing = await sdk.messages.create({
      ...base,
      diagnostics: { previous_message_id: 'msg_never_sent' },
    });
    expect(missing.diagnostics).toEqual({ cache_miss_reason: { type: 'previous_message_not_found' } });
  });

  it('keeps no fingerprint of a request that did not opt in', async () => {
    const sdk = await start({ script: () => answer });
    const silent = await sdk.messages.create(request('claude-haiku-4-5'));
    expect(silent.diagnostics).toBeNull();
    const next = await sdk.messages.create({
      ...request('claude-haiku-4-5'),
      diagnostics: { previous_message_id: silent.id },
    });
    expect(next.diagnostics?.cache_miss_reason?.type).toBe('previous_message_not_found');
  });
});
