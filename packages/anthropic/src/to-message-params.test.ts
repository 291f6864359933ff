import type { ModelRequest } from '@quarry/core';
import { ModelTransportError } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { toMessageParams } from './to-message-params';

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
});
