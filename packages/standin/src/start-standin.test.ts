import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import { afterEach, describe, expect, it } from 'vitest';
import type { StandinReply } from './standin-reply';
import { type Standin, startStandin } from './start-standin';

const schema = {
  type: 'object',
  properties: { name: { type: 'string' }, total: { type: 'number' } },
  required: ['name', 'total'],
};

const structured = (text = 'Invoice from ACME, total 12.50'): MessageCreateParamsNonStreaming => ({
  model: 'claude-test',
  max_tokens: 1024,
  system: [{ type: 'text', text: 'Extract the invoice.' }],
  messages: [{ role: 'user', content: [{ type: 'text', text, cache_control: { type: 'ephemeral' } }] }],
  output_config: { format: { type: 'json_schema', schema } },
});

const toolUse = (): MessageCreateParamsNonStreaming => ({
  model: 'claude-test',
  max_tokens: 1024,
  messages: [{ role: 'user', content: 'Invoice from ACME, total 12.50' }],
  tools: [
    { name: 'record_answer', description: 'Records the answer', input_schema: { ...schema, type: 'object' } },
  ],
  tool_choice: { type: 'tool', name: 'record_answer' },
});

let standin: Standin | undefined;
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

async function scripted(script: readonly StandinReply[] | ((index: number) => StandinReply)) {
  standin = await startStandin({
    script: typeof script === 'function' ? (_, index) => script(index) : script,
  });
  return { standin, client: new Anthropic({ apiKey: 'test', baseURL: standin.url, maxRetries: 0 }) };
}

describe('scripted replies through the SDK', () => {
  it('answers structured outputs with a text block holding the JSON, and records the request', async () => {
    const { standin, client } = await scripted([{ kind: 'json', value: { name: 'ACME', total: 12.5 } }]);
    const message = await client.messages.create(structured());
    expect(message).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      stop_reason: 'end_turn',
      stop_sequence: null,
    });
    expect(message.id).toMatch(/^msg_/);
    expect(message._request_id).toMatch(/^req_/);
    expect(message.content).toHaveLength(1);
    const block = message.content[0];
    expect(block?.type === 'text' && JSON.parse(block.text)).toEqual({ name: 'ACME', total: 12.5 });
    expect(message.usage.output_tokens).toBe(
      Math.ceil(JSON.stringify({ name: 'ACME', total: 12.5 }).length / 4),
    );
    expect(standin.requests).toHaveLength(1);
    expect(standin.requests[0]?.body.output_config?.format?.schema).toEqual(schema);
    expect(standin.requests[0]?.headers.authorization).toBe('Bearer test');
  });

  it('answers forced tool use with a tool_use block of the forced tool', async () => {
    const { client } = await scripted([{ kind: 'json', value: { name: 'ACME', total: 12.5 } }]);
    const message = await client.messages.create(toolUse());
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([
      {
        type: 'tool_use',
        id: expect.stringMatching(/^toolu_/),
        name: 'record_answer',
        input: { name: 'ACME', total: 12.5 },
      },
    ]);
  });

  it('streams both strategies so that finalMessage() rebuilds the message', async () => {
    const long = 'x'.repeat(700);
    const { client } = await scripted([
      { kind: 'json', value: { name: long, total: 1 } },
      { kind: 'json', value: { name: long, total: 2 } },
    ]);
    const text = await client.messages.stream(structured()).finalMessage();
    const textBlock = text.content[0];
    expect(textBlock?.type === 'text' && JSON.parse(textBlock.text)).toEqual({ name: long, total: 1 });
    expect(text.stop_reason).toBe('end_turn');
    expect(text.usage.output_tokens).toBeGreaterThan(175);
    expect(text.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    const tool = await client.messages.stream(toolUse()).finalMessage();
    expect(tool.stop_reason).toBe('tool_use');
    expect(tool.content[0]).toMatchObject({
      type: 'tool_use',
      name: 'record_answer',
      input: { name: long, total: 2 },
    });
  });

  it('answers text, other tools, truncation, refusal and empty content as asked', async () => {
    const { client } = await scripted([
      { kind: 'text', text: 'Here is {"name": broken' },
      { kind: 'tool', name: 'other_tool', input: { a: 1 } },
      { kind: 'truncated', text: '{"name": "AC' },
      { kind: 'refusal', text: 'I cannot help with that.' },
      { kind: 'empty' },
    ]);
    const text = await client.messages.create(structured());
    expect(text.content).toEqual([{ type: 'text', text: 'Here is {"name": broken' }]);
    const tool = await client.messages.create(structured());
    expect(tool.content[0]).toMatchObject({ type: 'tool_use', name: 'other_tool', input: { a: 1 } });
    expect(tool.stop_reason).toBe('tool_use');
    const truncated = await client.messages.create(structured());
    expect(truncated.stop_reason).toBe('max_tokens');
    expect(truncated.usage.output_tokens).toBe(1024);
    const refusal = await client.messages.stream(structured()).finalMessage();
    expect(refusal.stop_reason).toBe('refusal');
    expect(refusal.stop_details).toMatchObject({ type: 'refusal' });
    const empty = await client.messages.create(structured());
    expect(empty.content).toEqual([]);
    expect(empty.stop_reason).toBe('end_turn');
  });

  it('surfaces errors as the SDK typed errors with status, request id and retry-after', async () => {
    const { client } = await scripted([
      { kind: 'error', status: 429, retryAfterSeconds: 7 },
      { kind: 'error', status: 529 },
      { kind: 'error', status: 500, message: 'boom' },
      { kind: 'error', status: 401 },
    ]);
    const rateLimited = await client.messages.create(structured()).catch((error: unknown) => error);
    expect(rateLimited).toBeInstanceOf(Anthropic.RateLimitError);
    const rate = rateLimited as InstanceType<typeof Anthropic.RateLimitError>;
    expect(rate.status).toBe(429);
    expect(rate.requestID).toMatch(/^req_/);
    expect(rate.headers.get('retry-after')).toBe('7');
    expect(rate.type).toBe('rate_limit_error');
    expect(rate.error).toMatchObject({ type: 'error', request_id: rate.requestID });
    const overloaded = (await client.messages
      .create(structured())
      .catch((error: unknown) => error)) as InstanceType<typeof Anthropic.APIError>;
    expect(overloaded).toBeInstanceOf(Anthropic.InternalServerError);
    expect([overloaded.status, overloaded.type]).toEqual([529, 'overloaded_error']);
    const failed = (await client.messages
      .stream(structured())
      .finalMessage()
      .catch((error: unknown) => error)) as InstanceType<typeof Anthropic.APIError>;
    expect([failed.status, failed.type, failed.apiMessage]).toEqual([500, 'api_error', 'boom']);
    await expect(client.messages.create(structured())).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
  });

  it('rejects invalid requests with a 400 naming the problem, and says when the script is exhausted', async () => {
    const { standin, client } = await scripted([]);
    const { max_tokens: _, ...withoutMaxTokens } = structured();
    const invalid = (await client.messages
      .create(withoutMaxTokens as MessageCreateParamsNonStreaming)
      .catch((error: unknown) => error)) as InstanceType<typeof Anthropic.APIError>;
    expect(invalid).toBeInstanceOf(Anthropic.BadRequestError);
    expect([invalid.type, invalid.apiMessage]).toEqual([
      'invalid_request_error',
      'max_tokens: Field required',
    ]);
    const badChoice = { ...toolUse(), tool_choice: { type: 'tool', name: 'missing' } } as const;
    await expect(client.messages.create(badChoice)).rejects.toThrow(
      /tool 'missing' is not among the request's tools/,
    );
    const exhausted = (await client.messages
      .create(structured())
      .catch((error: unknown) => error)) as InstanceType<typeof Anthropic.APIError>;
    expect(exhausted.status).toBe(500);
    expect(exhausted.apiMessage).toMatch(/script is exhausted: request 1 has no reply \(the script has 0\)/);
    expect(standin.stats.byStatus).toEqual({ '400': 2, '500': 1 });
    expect(standin.requests).toHaveLength(1);
  });

  it('writes the cached prefix on first sight and reads it afterwards', async () => {
    const { client } = await scripted(() => ({ kind: 'json', value: { name: 'ACME', total: 12.5 } }));
    const document = `Invoice from ACME. ${'Line item. '.repeat(200)}`;
    const request = structured(document);
    const first = await client.messages.create(request);
    const prefixTokens = first.usage.cache_creation_input_tokens ?? 0;
    expect(prefixTokens).toBeGreaterThan(document.length / 4);
    expect(first.usage.cache_read_input_tokens).toBe(0);
    const withFeedback: MessageCreateParamsNonStreaming = {
      ...request,
      messages: [
        ...request.messages,
        { role: 'assistant', content: '{"name":"ACME"}' },
        { role: 'user', content: 'total: expected number, received undefined' },
      ],
    };
    const second = await client.messages.create(withFeedback);
    expect(second.usage.cache_creation_input_tokens).toBe(0);
    expect(second.usage.cache_read_input_tokens).toBe(prefixTokens);
    expect(second.usage.input_tokens).toBeGreaterThan(first.usage.input_tokens);
    const otherModel = await client.messages.create({ ...request, model: 'claude-other' });
    expect(otherModel.usage.cache_creation_input_tokens).toBe(prefixTokens);
    const uncached = await client.messages.create(toolUse());
    expect([uncached.usage.cache_creation_input_tokens, uncached.usage.cache_read_input_tokens]).toEqual([
      0, 0,
    ]);
  });

  it('splits cache writes by TTL in cache_creation, adding up to cache_creation_input_tokens', async () => {
    const { client } = await scripted(() => ({ kind: 'json', value: { name: 'ACME', total: 12.5 } }));
    const fiveMinutes = await client.messages.create(
      structured(`Five-minute invoice. ${'Item. '.repeat(100)}`),
    );
    expect(fiveMinutes.usage.cache_creation).toEqual({
      ephemeral_5m_input_tokens: fiveMinutes.usage.cache_creation_input_tokens,
      ephemeral_1h_input_tokens: 0,
    });
    const oneHourRequest = structured(`One-hour invoice. ${'Item. '.repeat(100)}`);
    const oneHour = await client.messages.create({
      ...oneHourRequest,
      system: [
        { type: 'text', text: 'Extract the invoice.', cache_control: { type: 'ephemeral', ttl: '1h' } },
      ],
    });
    const written = oneHour.usage.cache_creation_input_tokens ?? 0;
    const split = oneHour.usage.cache_creation;
    // The system prompt (and the schema before it) is a 1-hour write, the document after it a 5-minute one.
    expect(split?.ephemeral_1h_input_tokens).toBeGreaterThan(0);
    expect(split?.ephemeral_5m_input_tokens).toBeGreaterThan(100);
    expect((split?.ephemeral_1h_input_tokens ?? 0) + (split?.ephemeral_5m_input_tokens ?? 0)).toBe(written);
    const again = await client.messages.create({
      ...oneHourRequest,
      system: [
        { type: 'text', text: 'Extract the invoice.', cache_control: { type: 'ephemeral', ttl: '1h' } },
      ],
    });
    expect(again.usage.cache_read_input_tokens).toBe(written);
    expect(again.usage.cache_creation).toEqual({
      ephemeral_5m_input_tokens: 0,
      ephemeral_1h_input_tokens: 0,
    });
  });

  it('resets the connection without answering, and delays before answering', async () => {
    const { standin, client } = await scripted([
      { kind: 'reset' },
      { kind: 'delay', ms: 30, reply: { kind: 'json', value: { name: 'late', total: 0 } } },
    ]);
    await expect(client.messages.create(structured())).rejects.toBeInstanceOf(Anthropic.APIConnectionError);
    const started = Date.now();
    const late = await client.messages.create(structured());
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(late.content[0]).toMatchObject({ type: 'text', text: '{"name":"late","total":0}' });
    expect(standin.stats).toMatchObject({ requests: 2, inFlight: 0, byStatus: { reset: 1, '200': 1 } });
  });

  it('serves its counters at GET /_standin/stats and refuses other routes with a 404', async () => {
    const { standin, client } = await scripted([{ kind: 'json', value: { name: 'ACME', total: 1 } }]);
    await client.messages.create(structured());
    const stats = await fetch(`${standin.url}/_standin/stats`);
    expect(stats.headers.get('request-id')).toMatch(/^req_/);
    const body = (await stats.json()) as { perDocument: Record<string, unknown> };
    expect(body).toMatchObject({ requests: 1, byStatus: { '200': 1 }, cache: { writes: 1, reads: 0 } });
    expect(Object.values(body.perDocument)).toEqual([{ calls: 1, answered: 1 }]);
    const { realtime } = standin.stats.billing;
    expect(Object.values(standin.stats.inputTokensPerDocument)).toEqual([
      realtime.inputTokens + realtime.cacheCreationInputTokens,
    ]);
    expect(standin.stats.billing).toMatchObject({
      realtime: { messages: 1, cacheCreationInputTokens: expect.any(Number) },
      batch: { messages: 0, costUsd: 0 },
    });
    const missing = await fetch(`${standin.url}/v1/models`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
  });

  it('answers 401 when an api key is required and the request has another', async () => {
    standin = await startStandin({ script: [{ kind: 'empty' }], apiKey: 'right' });
    const wrong = new Anthropic({ apiKey: 'wrong', baseURL: standin.url, maxRetries: 0 });
    await expect(wrong.messages.create(structured())).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    const right = new Anthropic({ apiKey: 'right', baseURL: standin.url, maxRetries: 0 });
    expect((await right.messages.create(structured())).content).toEqual([]);
  });

  it('answers 500 naming the problem when a script function throws or gives an invalid reply', async () => {
    const { client } = await scripted((index) => {
      if (index === 0) throw new Error('no idea');
      return { kind: 'json' } as unknown as StandinReply;
    });
    await expect(client.messages.create(structured())).rejects.toThrow(/script threw: no idea/);
    await expect(client.messages.create(structured())).rejects.toThrow(/invalid reply for request 2: value/);
  });
});

describe('startStandin options', () => {
  it('keeps a bounded number of requests, or none', async () => {
    standin = await startStandin({ script: () => ({ kind: 'empty' }), record: { max: 10 } });
    const client = new Anthropic({ apiKey: 'test', baseURL: standin.url, maxRetries: 0 });
    for (let call = 0; call < 12; call++) await client.messages.create(structured());
    expect(standin.requests.length).toBeLessThanOrEqual(10);
    expect(standin.requests.at(-1)?.index).toBe(11);
    await standin.close();
    standin = await startStandin({ script: () => ({ kind: 'empty' }), record: false });
    const unrecorded = new Anthropic({ apiKey: 'test', baseURL: standin.url, maxRetries: 0 });
    await unrecorded.messages.create(structured());
    expect(standin.requests).toEqual([]);
    expect(standin.stats.requests).toBe(1);
  });

  it('answers 413 to a body over maxBodyBytes', async () => {
    standin = await startStandin({ script: [], maxBodyBytes: 100 });
    const client = new Anthropic({ apiKey: 'test', baseURL: standin.url, maxRetries: 0 });
    await expect(client.messages.create(structured())).rejects.toMatchObject({
      status: 413,
      type: 'request_too_large',
    });
  });

  it('names every unusable option', async () => {
    await expect(
      startStandin({ script: [], faults: { rateLimit: 0.8, overloaded: 0.5 }, latency: { meanMs: -1 } }),
    ).rejects.toMatchObject({
      name: 'InvalidStandinOptionsError',
      problems: [
        expect.stringMatching(/^faults: .*add up to more than 1/),
        expect.stringMatching(/^latency: /),
      ],
    });
    await expect(startStandin({})).rejects.toThrow(/give either `script`/);
    await expect(
      startStandin({
        simulate: {
          corpus: [{ workflow: 'x', text: 't', truth: {} }],
          hallucinations: { rate: 1.5, quoteRate: -1 },
        },
      }),
    ).rejects.toMatchObject({
      name: 'InvalidStandinOptionsError',
      problems: [expect.stringMatching(/at hallucinations\.rate .* at hallucinations\.quoteRate/)],
    });
  });
});
