import type { ModelRequest } from '@quarry/core';
import { ModelTransportError } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { toMessageParams } from './to-message-params';
import { withFallbacks } from './with-fallbacks';

const schema = {
  type: 'object',
  properties: { total: { type: 'number' } },
  required: ['total'],
  additionalProperties: false,
};

const structured: ModelRequest = {
  model: 'claude-test-1',
  maxTokens: 4096,
  strategy: 'structured',
  toolName: 'record_invoice',
  outputSchema: schema,
  system: 'Extract the invoice.',
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: '<document>Total: 3</document>', cacheBreakpoint: true },
        { type: 'text', text: 'Lessons: total must be a number.' },
      ],
    },
    { role: 'assistant', content: [{ type: 'text', text: '{"total":"3"}' }] },
    { role: 'user', content: [{ type: 'text', text: 'total: expected number, received "3"' }] },
  ],
};

describe('toMessageParams', () => {
  it('sends structured outputs with the schema, the system as a text block and the cache breakpoint in place', () => {
    expect(toMessageParams(structured)).toMatchInlineSnapshot(`
      {
        "max_tokens": 4096,
        "messages": [
          {
            "content": [
              {
                "cache_control": {
                  "type": "ephemeral",
                },
                "text": "<document>Total: 3</document>",
                "type": "text",
              },
              {
                "text": "Lessons: total must be a number.",
                "type": "text",
              },
            ],
            "role": "user",
          },
          {
            "content": [
              {
                "text": "{"total":"3"}",
                "type": "text",
              },
            ],
            "role": "assistant",
          },
          {
            "content": [
              {
                "text": "total: expected number, received "3"",
                "type": "text",
              },
            ],
            "role": "user",
          },
        ],
        "model": "claude-test-1",
        "output_config": {
          "format": {
            "schema": {
              "additionalProperties": false,
              "properties": {
                "total": {
                  "type": "number",
                },
              },
              "required": [
                "total",
              ],
              "type": "object",
            },
            "type": "json_schema",
          },
        },
        "system": [
          {
            "text": "Extract the invoice.",
            "type": "text",
          },
        ],
      }
    `);
  });

  it('forces the answer tool and replays tool calls answered by error results', () => {
    const params = toMessageParams({
      ...structured,
      strategy: 'tool',
      messages: [
        structured.messages[0]!,
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Recording it.' },
            { type: 'tool_call', id: 'toolu_1', name: 'record_invoice', input: { total: '3' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', toolCallId: 'toolu_1', text: 'total: expected number', isError: true },
          ],
        },
      ],
    });
    expect(params.output_config).toBeUndefined();
    expect(params.tool_choice).toEqual({ type: 'tool', name: 'record_invoice' });
    expect(params.tools).toEqual([
      { name: 'record_invoice', description: expect.any(String), input_schema: schema },
    ]);
    expect(params.messages.slice(1)).toMatchInlineSnapshot(`
      [
        {
          "content": [
            {
              "text": "Recording it.",
              "type": "text",
            },
            {
              "id": "toolu_1",
              "input": {
                "total": "3",
              },
              "name": "record_invoice",
              "type": "tool_use",
            },
          ],
          "role": "assistant",
        },
        {
          "content": [
            {
              "content": "total: expected number",
              "is_error": true,
              "tool_use_id": "toolu_1",
              "type": "tool_result",
            },
          ],
          "role": "user",
        },
      ]
    `);
  });

  it('refuses a tool strategy whose schema is not an object, naming the tool', () => {
    const call = () =>
      toMessageParams({ ...structured, strategy: 'tool', outputSchema: { type: 'array', items: {} } });
    expect(call).toThrow(ModelTransportError);
    expect(call).toThrow(/type": "object".*record_invoice.*"array"/);
    try {
      call();
    } catch (error) {
      expect((error as ModelTransportError).kind).toBe('permanent');
    }
  });

  it('asks for a strict tool with tool_choice auto when the request says the model refuses forced tool use', () => {
    const params = toMessageParams({ ...structured, strategy: 'tool', toolChoice: 'auto' });
    expect(params.tool_choice).toEqual({ type: 'auto' });
    expect(params.tools).toEqual([expect.objectContaining({ name: 'record_invoice', strict: true })]);
    expect(params.output_config).toBeUndefined();
  });

  it('sends effort in output_config next to the format, or alone with a tool', () => {
    expect(toMessageParams({ ...structured, effort: 'low' }).output_config).toEqual({
      format: { type: 'json_schema', schema },
      effort: 'low',
    });
    expect(toMessageParams({ ...structured, strategy: 'tool', effort: 'max' }).output_config).toEqual({
      effort: 'max',
    });
    expect(toMessageParams(structured).output_config).toEqual({ format: { type: 'json_schema', schema } });
  });

  it('opts into cache diagnostics with the previous message id, null on a first attempt', () => {
    expect(
      toMessageParams({ ...structured, diagnostics: { previousMessageId: 'msg_1' } }).diagnostics,
    ).toEqual({
      previous_message_id: 'msg_1',
    });
    expect(toMessageParams({ ...structured, diagnostics: { previousMessageId: null } }).diagnostics).toEqual({
      previous_message_id: null,
    });
    expect('diagnostics' in toMessageParams(structured)).toBe(false);
  });

  it('marks the cache breakpoint with the 1-hour TTL when asked, and sends no TTL by default', () => {
    const breakpoints = (params: ReturnType<typeof toMessageParams>) =>
      params.messages.flatMap((message) =>
        typeof message.content === 'string'
          ? []
          : message.content.flatMap((block) => ('cache_control' in block ? [block.cache_control] : [])),
      );
    expect(breakpoints(toMessageParams(structured, { cacheTtl: '1h' }))).toMatchInlineSnapshot(`
      [
        {
          "ttl": "1h",
          "type": "ephemeral",
        },
      ]
    `);
    expect(breakpoints(toMessageParams(structured, { cacheTtl: '5m' }))).toEqual(
      breakpoints(toMessageParams(structured)),
    );
    expect(breakpoints(toMessageParams(structured))).toEqual([{ type: 'ephemeral' }]);
  });

  it('ends the shared prefix with cache_control on the system block when asked, after the schema or tool', () => {
    const shared = { ...structured, systemCacheBreakpoint: true };
    expect(toMessageParams(shared).system).toEqual([
      { type: 'text', text: structured.system, cache_control: { type: 'ephemeral' } },
    ]);
    expect(toMessageParams(shared, { cacheTtl: '1h' }).system).toEqual([
      { type: 'text', text: structured.system, cache_control: { type: 'ephemeral', ttl: '1h' } },
    ]);
    expect(toMessageParams(structured).system).toEqual([{ type: 'text', text: structured.system }]);
  });

  it('row 73: temperature / top_p / top_k on Haiku 5.5 and Sonnet 5+ -> never sends a sampling parameter', () => {
    for (const request of [
      structured,
      { ...structured, strategy: 'tool' as const, effort: 'low' as const },
    ]) {
      const params = toMessageParams(request);
      expect(Object.keys(params).filter((key) => ['temperature', 'top_p', 'top_k'].includes(key))).toEqual(
        [],
      );
    }
  });
});

describe('withFallbacks', () => {
  it('names each fallback model and the server-side fallback beta', () => {
    const params = withFallbacks(toMessageParams(structured), ['claude-opus-5-5', 'claude-sonnet-4-6']);
    expect(params.fallbacks).toEqual([{ model: 'claude-opus-5-5' }, { model: 'claude-sonnet-4-6' }]);
    expect(params.betas).toEqual(['server-side-fallback-2026-07-01']);
    expect(params.model).toBe('claude-test-1');
  });

  it('sends a PDF as a document block and an image as an image block, by file id or base64', () => {
    const request: ModelRequest = {
      ...structured,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'document', mediaType: 'application/pdf', ref: { type: 'file', fileId: 'file_9' } },
            {
              type: 'document',
              mediaType: 'image/png',
              ref: { type: 'base64', data: 'iVBORw0K' },
              cacheBreakpoint: true,
            },
          ],
        },
      ],
    };
    expect(toMessageParams(request).messages[0]?.content).toEqual([
      { type: 'document', source: { type: 'file', file_id: 'file_9' } },
      {
        type: 'image',
        source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0K' },
        cache_control: { type: 'ephemeral' },
      },
    ]);
  });
});
