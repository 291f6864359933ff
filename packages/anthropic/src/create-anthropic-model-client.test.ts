import Anthropic, { APIUserAbortError } from '@anthropic-ai/sdk';
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { type ModelRequest, ModelTransportError } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { createAnthropicModelClient } from './create-anthropic-model-client';
import { sdkMessage } from './test-fixtures/sdk-message';

interface SentRequest {
  readonly url: string;
  readonly body: Record<string, unknown>;
}

type Reply = (signal: AbortSignal | undefined) => Response | Promise<Response>;

/** A fetch for the real SDK that records what it was sent and answers from a list. */
function recordingFetch(replies: readonly Reply[]) {
  const sent: SentRequest[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    sent.push({ url: String(url), body: JSON.parse(String(init?.body)) });
    const reply = replies[sent.length - 1];
    if (!reply) throw new Error(`unexpected request #${sent.length}`);
    return reply(init?.signal ?? undefined);
  };
  return { fetch, sent };
}

const message = (overrides: Partial<Message> = {}): Message =>
  sdkMessage({
    content: [{ type: 'text', text: '{"total":3}', citations: null }],
    usage: {
      ...sdkMessage().usage,
      input_tokens: 50,
      output_tokens: 5,
      cache_creation_input_tokens: 40,
      cache_read_input_tokens: 0,
    },
    ...overrides,
  });

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', 'request-id': 'req_json', ...headers },
    });

/** The reply as server-sent events, the way the API streams it. */
const sse = (reply: Message) => () => {
  const events: Record<string, unknown>[] = [
    { type: 'message_start', message: { ...reply, content: [], stop_reason: null } },
  ];
  reply.content.forEach((block, index) => {
    if (block.type === 'text') {
      events.push({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: block.text } });
    } else if (block.type === 'tool_use') {
      events.push({ type: 'content_block_start', index, content_block: { ...block, input: {} } });
      const partial_json = JSON.stringify(block.input);
      events.push({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } });
    }
    events.push({ type: 'content_block_stop', index });
  });
  events.push({
    type: 'message_delta',
    delta: { stop_reason: reply.stop_reason, stop_sequence: null },
    usage: { output_tokens: reply.usage.output_tokens },
  });
  events.push({ type: 'message_stop' });
  const body = events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join('');
  return new Response(body, { headers: { 'content-type': 'text/event-stream', 'request-id': 'req_stream' } });
};

const errorReply = (status: number, type: string, headers: Record<string, string> = {}) =>
  json(status, { type: 'error', error: { type, message: `${type} happened` } }, headers);

const request: ModelRequest = {
  model: 'claude-test-1',
  maxTokens: 4096,
  strategy: 'structured',
  toolName: 'record_answer',
  outputSchema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] },
  system: 'Extract.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Total: 3', cacheBreakpoint: true }] }],
};

const clientWith = (replies: readonly Reply[], options: { maxRetries?: number } = {}) => {
  const recorder = recordingFetch(replies);
  const sdk = new Anthropic({
    apiKey: 'test-key',
    baseURL: 'http://model.test',
    fetch: recorder.fetch,
    ...options,
  });
  return { recorder, sdk };
};

describe('createAnthropicModelClient', () => {
  it('sends one non-streaming call and returns content, usage, request id and model', async () => {
    const { recorder, sdk } = clientWith([json(200, message())]);
    const response = await createAnthropicModelClient({ client: sdk }).generate(request);
    expect(recorder.sent).toHaveLength(1);
    expect(recorder.sent[0]?.url).toBe('http://model.test/v1/messages');
    expect(recorder.sent[0]?.body).toMatchObject({ model: 'claude-test-1', max_tokens: 4096, stream: false });
    expect(recorder.sent[0]?.body.output_config).toEqual({
      format: { type: 'json_schema', schema: request.outputSchema },
    });
    expect(response).toEqual({
      content: [{ type: 'text', text: '{"total":3}' }],
      stopReason: 'end_turn',
      usage: { inputTokens: 50, outputTokens: 5, cacheCreationInputTokens: 40, cacheReadInputTokens: 0 },
      requestId: 'req_json',
      model: 'claude-test-1',
      messageId: 'msg_1',
      refusalCategory: null,
      cacheMissReason: null,
      fallbackFrom: null,
    });
  });

  it('streams when max_tokens is above the threshold and assembles the same response', async () => {
    const reply = message({
      stop_reason: 'tool_use',
      content: [
        {
          type: 'tool_use',
          id: 'toolu_9',
          name: 'record_answer',
          input: { total: 3 },
          caller: { type: 'direct' },
        },
      ],
    });
    const { recorder, sdk } = clientWith([sse(reply), json(200, reply)]);
    const model = createAnthropicModelClient({ client: sdk, streamAboveMaxTokens: 8000 });

    const streamed = await model.generate({ ...request, strategy: 'tool', maxTokens: 8001 });
    const atThreshold = await model.generate({ ...request, strategy: 'tool', maxTokens: 8000 });

    expect(recorder.sent.map((sent) => sent.body.stream)).toEqual([true, false]);
    expect(recorder.sent[0]?.body.tool_choice).toEqual({ type: 'tool', name: 'record_answer' });
    expect(streamed).toEqual({
      content: [{ type: 'tool_call', id: 'toolu_9', name: 'record_answer', input: { total: 3 } }],
      stopReason: 'tool_use',
      usage: { inputTokens: 50, outputTokens: 5, cacheCreationInputTokens: 40, cacheReadInputTokens: 0 },
      requestId: 'req_stream',
      model: 'claude-test-1',
      messageId: 'msg_1',
      refusalCategory: null,
      cacheMissReason: null,
      fallbackFrom: null,
    });
    expect(atThreshold).toEqual({ ...streamed, requestId: 'req_json' });
  });

  it('streams by default above 16000 tokens, below the point where the SDK refuses non-streaming calls', async () => {
    const { recorder, sdk } = clientWith([sse(message()), json(200, message())]);
    const model = createAnthropicModelClient({ client: sdk });
    await model.generate({ ...request, maxTokens: 32_768 });
    await model.generate({ ...request, maxTokens: 16_000 });
    expect(recorder.sent.map((sent) => sent.body.stream)).toEqual([true, false]);
  });

  it('makes no SDK retries by default, even with a client configured to retry', async () => {
    const { recorder, sdk } = clientWith(
      [errorReply(429, 'rate_limit_error', { 'retry-after': '3' }), json(200, message())],
      { maxRetries: 2 },
    );
    const failure = createAnthropicModelClient({ client: sdk }).generate(request);
    await expect(failure).rejects.toMatchObject({
      name: 'ModelTransportError',
      kind: 'rate_limited',
      status: 429,
      retryAfterMs: 3000,
      requestId: 'req_json',
    });
    expect(recorder.sent).toHaveLength(1);
  });

  it('lets the SDK retry when maxRetries is raised', async () => {
    const { recorder, sdk } = clientWith([
      errorReply(529, 'overloaded_error', { 'retry-after-ms': '1' }),
      json(200, message()),
    ]);
    const response = await createAnthropicModelClient({ client: sdk, maxRetries: 1 }).generate(request);
    expect(response.stopReason).toBe('end_turn');
    expect(recorder.sent).toHaveLength(2);
  });

  it('maps errors of a streamed call as well', async () => {
    const { sdk } = clientWith([errorReply(400, 'invalid_request_error')]);
    const failure = createAnthropicModelClient({ client: sdk }).generate({ ...request, maxTokens: 20_000 });
    await expect(failure).rejects.toBeInstanceOf(ModelTransportError);
    await expect(failure).rejects.toMatchObject({
      kind: 'permanent',
      status: 400,
      message:
        'Messages API error (400 invalid_request_error, request req_json): invalid_request_error happened',
    });
  });

  it('maps a timeout to transient', async () => {
    const never: Reply = (signal) =>
      new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
    const { sdk } = clientWith([never]);
    const failure = createAnthropicModelClient({ client: sdk, timeoutMs: 20 }).generate(request);
    await expect(failure).rejects.toMatchObject({
      name: 'ModelTransportError',
      kind: 'transient',
      status: null,
    });
  });

  it.each([
    ['non-streaming', 4096],
    ['streaming', 20_000],
  ])('rethrows an abort through the signal as it is (%s)', async (_, maxTokens) => {
    let reached = () => {};
    const called = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const hanging: Reply = (signal) => {
      reached();
      return new Promise((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(signal.reason)),
      );
    };
    const { sdk } = clientWith([hanging]);
    const controller = new AbortController();
    const failure = createAnthropicModelClient({ client: sdk }).generate(
      { ...request, maxTokens },
      { signal: controller.signal },
    );
    // Abort once the request is on its way.
    await called;
    controller.abort();
    await expect(failure).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it('names the problem when options are wrong', () => {
    const sdk = new Anthropic({ apiKey: 'k' });
    expect(() => createAnthropicModelClient({ client: sdk, baseURL: 'http://x' })).toThrow(/either `client`/);
    expect(() => createAnthropicModelClient({ maxRetries: -1, apiKey: 'k' })).toThrow(/maxRetries must be/);
    expect(() => createAnthropicModelClient({ timeoutMs: 0, apiKey: 'k' })).toThrow(/timeoutMs must be/);
    expect(() => createAnthropicModelClient({ streamAboveMaxTokens: 1.5, apiKey: 'k' })).toThrow(
      /streamAboveMaxTokens must be/,
    );
  });
});
