import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import { afterEach, describe, expect, it } from 'vitest';
import type { StandinReply } from './standin-reply';
import { type Standin, startStandin } from './start-standin';

const schema = {
  type: 'object' as const,
  properties: { name: { type: 'string' }, total: { type: 'number' } },
  required: ['name', 'total'],
};
const answer: StandinReply = { kind: 'json', value: { name: 'ACME', total: 12.5 } };

const structured = (
  model: string,
  text = 'Invoice from ACME, total 12.50',
): MessageCreateParamsNonStreaming => ({
  model,
  max_tokens: 4096,
  system: [{ type: 'text', text: 'Extract the invoice.' }],
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  output_config: { format: { type: 'json_schema', schema } },
});

const withTool = (model: string, choice: 'tool' | 'any' | 'auto'): MessageCreateParamsNonStreaming => ({
  model,
  max_tokens: 4096,
  messages: [{ role: 'user', content: 'Invoice from ACME, total 12.50' }],
  tools: [{ name: 'record_answer', description: 'Records the answer', input_schema: schema }],
  tool_choice: choice === 'tool' ? { type: 'tool', name: 'record_answer' } : { type: choice },
});

let standin: Standin | undefined;
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

async function client(options: { thinkingTokens?: Record<string, number> } = {}) {
  standin = await startStandin({ script: () => answer, ...options });
  return new Anthropic({ apiKey: 'test', baseURL: standin.url, maxRetries: 0 });
}

/** The 400 a request gets, as the SDK raises it: status, the API's error type and message. */
async function rejection(request: Promise<unknown>) {
  try {
    await request;
  } catch (error) {
    if (!(error instanceof Anthropic.APIError)) throw error;
    const body = error.error as { error?: { type?: string; message?: string } };
    return { status: error.status, type: body.error?.type, message: body.error?.message ?? '' };
  }
  throw new Error('expected the request to be rejected');
}

describe('per-model request rules, through the SDK', () => {
  it.each([
    ['claude-sonnet-5-5', 'tool'],
    ['claude-sonnet-5-5', 'any'],
    ['claude-opus-5-5', 'tool'],
    ['claude-fable-5-1', 'tool'],
  ] as const)('answers 400 to forced tool choice (%s, %s), naming tool_choice', async (model, choice) => {
    const sdk = await client();
    expect(await rejection(sdk.messages.create(withTool(model, choice)))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: `tool_choice: forced tool use (type "${choice}") is not supported by ${model}; use {"type": "auto"}`,
    });
    expect(standin?.requests).toHaveLength(0);
  });

  it.each(['claude-haiku-5-5', 'claude-haiku-4-5', 'claude-sonnet-4-5'])(
    'accepts forced tool choice on %s and answers with the tool, without thinking',
    async (model) => {
      const sdk = await client();
      const message = await sdk.messages.create(withTool(model, 'tool'));
      expect(message.content.map((block) => block.type)).toEqual(['tool_use']);
      expect(message.usage.output_tokens_details).toBeNull();
    },
  );

  it('answers tool_choice auto on Sonnet 5.5 with the thinking block first, then the tool call', async () => {
    const sdk = await client();
    const message = await sdk.messages.create(withTool('claude-sonnet-5-5', 'auto'));
    expect(message.content.map((block) => block.type)).toEqual(['thinking', 'tool_use']);
  });

  it.each([
    ['claude-haiku-5-5', 'temperature', 0.2],
    ['claude-sonnet-5-5', 'top_p', 0.9],
    ['claude-sonnet-5-5', 'top_k', 40],
  ] as const)('answers 400 to sampling parameters on %s (%s)', async (model, name, value) => {
    const sdk = await client();
    // SDK 1.12.0 no longer types sampling parameters; the body still carries what it is given.
    const params = Object.assign(structured(model), { [name]: value });
    expect(await rejection(sdk.messages.create(params))).toEqual({
      status: 400,
      type: 'invalid_request_error',
      message: `${name}: is not supported by ${model}`,
    });
  });

  it('accepts sampling parameters on Sonnet 4.5', async () => {
    const sdk = await client();
    const message = await sdk.messages.create(
      Object.assign(structured('claude-sonnet-4-5'), { temperature: 0 }),
    );
    expect(message.stop_reason).toBe('end_turn');
  });

  it.each(['claude-haiku-5-5', 'claude-sonnet-5-5', 'claude-sonnet-4-6'])(
    'row 74: answers 400 to an assistant prefill on %s',
    async (model) => {
      const sdk = await client();
      const request = structured(model);
      const prefill = {
        ...request,
        messages: [...request.messages, { role: 'assistant' as const, content: '{' }],
      };
      expect(await rejection(sdk.messages.create(prefill))).toEqual({
        status: 400,
        type: 'invalid_request_error',
        message: `messages: ${model} does not support an assistant prefill; the last message must be a user message`,
      });
    },
  );

  it('accepts an assistant prefill on Haiku 4.5', async () => {
    const sdk = await client();
    const request = structured('claude-haiku-4-5');
    const prefill = {
      ...request,
      messages: [...request.messages, { role: 'assistant' as const, content: '{' }],
    };
    expect((await sdk.messages.create(prefill)).stop_reason).toBe('end_turn');
  });

  it('row 75, row 76: output_config.effort on a model without effort (Haiku 4.5, Sonnet 4.5); thinking turned off on Opus 5.5 -> answers 400 to effort on a model that takes none, and to turning thinking off on Opus 5.5', async () => {
    const sdk = await client();
    const haiku45 = structured('claude-haiku-4-5');
    expect(
      await rejection(
        sdk.messages.create({ ...haiku45, output_config: { ...haiku45.output_config, effort: 'low' } }),
      ),
    ).toMatchObject({ status: 400, message: 'output_config.effort: is not supported by claude-haiku-4-5' });
    expect(
      await rejection(
        sdk.messages.create({ ...structured('claude-opus-5-5'), thinking: { type: 'disabled' } }),
      ),
    ).toMatchObject({
      status: 400,
      message: 'thinking.type: claude-opus-5-5 cannot turn thinking off ("disabled")',
    });
  });

  it('row 77: answers 400 to a replayed tool call without its thinking block when the model thinks', async () => {
    const sdk = await client();
    const replay = (model: string, choice: 'tool' | 'auto', thinking: boolean) => {
      const base = withTool(model, choice);
      const call = { type: 'tool_use' as const, id: 'toolu_1', name: 'record_answer', input: { total: 3 } };
      const turn = thinking
        ? [{ type: 'thinking' as const, thinking: 'Checking.', signature: 'sig' }, call]
        : [call];
      return sdk.messages.create({
        ...base,
        messages: [
          ...base.messages,
          { role: 'assistant', content: turn },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'toolu_1', content: 'name is missing', is_error: true },
            ],
          },
        ],
      });
    };
    expect(await rejection(replay('claude-sonnet-5-5', 'auto', false))).toMatchObject({
      status: 400,
      type: 'invalid_request_error',
      message: expect.stringMatching(/^messages\.1\.content\.0\.type: Expected `thinking`/),
    });
    expect((await replay('claude-sonnet-5-5', 'auto', true)).stop_reason).toBe('tool_use');
    expect((await replay('claude-haiku-5-5', 'tool', false)).stop_reason).toBe('tool_use');
  });
});

describe('thinking and the tokenizer, through the SDK', () => {
  it('puts a thinking block before the answer on Haiku 5.5 and counts its tokens by effort', async () => {
    const sdk = await client();
    const medium = await sdk.messages.create(structured('claude-haiku-5-5'));
    expect(medium.content.map((block) => block.type)).toEqual(['thinking', 'text']);
    expect(medium.usage.output_tokens_details).toEqual({ thinking_tokens: 600 });
    const request = structured('claude-haiku-5-5');
    const low = await sdk.messages.create({
      ...request,
      output_config: { ...request.output_config, effort: 'low' },
    });
    expect(low.usage.output_tokens_details).toEqual({ thinking_tokens: 150 });
    expect(medium.usage.output_tokens - low.usage.output_tokens).toBe(450);
  });

  it('streams the thinking block and its signature before the answer', async () => {
    const sdk = await client({ thinkingTokens: { high: 2000 } });
    const message = await sdk.messages.stream(structured('claude-sonnet-5-5')).finalMessage();
    expect(message.content[0]).toMatchObject({ type: 'thinking', signature: 'standin-signature-high' });
    expect(message.content[1]?.type).toBe('text');
    expect(message.usage.output_tokens_details).toEqual({ thinking_tokens: 2000 });
  });

  it('does not think when thinking is off or not asked for on a model where it is optional', async () => {
    const sdk = await client();
    const off = await sdk.messages.create({
      ...structured('claude-haiku-5-5'),
      thinking: { type: 'disabled' },
    });
    expect(off.content.map((block) => block.type)).toEqual(['text']);
    const haiku45 = await sdk.messages.create(structured('claude-haiku-4-5'));
    expect(haiku45.usage.output_tokens_details).toBeNull();
    const asked = await sdk.messages.create({
      ...structured('claude-haiku-4-5'),
      thinking: { type: 'enabled', budget_tokens: 1024 },
    });
    expect(asked.content[0]?.type).toBe('thinking');
  });

  it('counts about 30 % more tokens for the same text with the newer tokenizer', async () => {
    const sdk = await client();
    const text = 'Invoice from ACME, total 12.50. '.repeat(200);
    const old = await sdk.messages.create(structured('claude-haiku-4-5', text));
    const newer = await sdk.messages.create({
      ...structured('claude-haiku-5-5', text),
      thinking: { type: 'disabled' },
    });
    expect(newer.usage.input_tokens / old.usage.input_tokens).toBeCloseTo(1.3, 2);
    expect(newer.usage.output_tokens).toBe(Math.ceil(old.usage.output_tokens * 1.3));
  });
});
