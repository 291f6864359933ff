import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { type Standin, startStandin } from './start-standin';
import { structuredOutputProblem } from './structured-output-problem';

/** An object schema of `count` properties, each typed `kind`, required or not. */
function schemaOf(options: { count: number; union?: boolean; required?: boolean }): Record<string, unknown> {
  const properties = Object.fromEntries(
    Array.from({ length: options.count }, (_, index) => [
      `field${index}`,
      options.union ? { type: ['string', 'null'] } : { type: 'string' },
    ]),
  );
  return {
    type: 'object',
    properties,
    required: options.required === false ? [] : Object.keys(properties),
    additionalProperties: false,
  };
}

const withFormat = (schema: Record<string, unknown>) => ({
  output_config: { format: { type: 'json_schema', schema } },
});
const strictTool = (name: string, schema: Record<string, unknown>, strict = true) => ({
  name,
  input_schema: schema,
  strict,
});

describe('structuredOutputProblem', () => {
  it('takes 16 union-typed properties and refuses 17, in the platform words', () => {
    expect(structuredOutputProblem(withFormat(schemaOf({ count: 16, union: true })))).toBeNull();
    expect(structuredOutputProblem(withFormat(schemaOf({ count: 17, union: true })))).toBe(
      'Schemas contains too many parameters with union types (17 parameters with type arrays or anyOf). This exceeds the allowed limit of 16.',
    );
  });

  it('takes 24 optional properties and refuses 25', () => {
    expect(structuredOutputProblem(withFormat(schemaOf({ count: 24, required: false })))).toBeNull();
    expect(structuredOutputProblem(withFormat(schemaOf({ count: 25, required: false })))).toBe(
      'Schemas contains too many optional parameters (25 parameters not in required). This exceeds the allowed limit of 24.',
    );
  });

  it('counts the output schema and every strict tool together, and no tool that is not strict', () => {
    const tools = [strictTool('a', schemaOf({ count: 9, union: true }))];
    expect(structuredOutputProblem({ ...withFormat(schemaOf({ count: 7, union: true })), tools })).toBeNull();
    expect(structuredOutputProblem({ ...withFormat(schemaOf({ count: 8, union: true })), tools })).toMatch(
      /\(17 parameters with type arrays or anyOf\)/,
    );
    const loose = [strictTool('a', schemaOf({ count: 40, union: true }), false)];
    expect(structuredOutputProblem({ tools: loose })).toBeNull();
  });

  it('takes 20 strict tools and refuses 21', () => {
    const tools = (count: number) =>
      Array.from({ length: count }, (_, index) => strictTool(`tool${index}`, schemaOf({ count: 1 })));
    expect(structuredOutputProblem({ tools: tools(20) })).toBeNull();
    expect(structuredOutputProblem({ tools: tools(21) })).toBe(
      'Too many strict tools (21). This exceeds the allowed limit of 20.',
    );
  });

  it('counts nested objects and anyOf', () => {
    const nested = {
      type: 'object',
      properties: {
        inner: schemaOf({ count: 16, union: true }),
        either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      },
      required: ['inner', 'either'],
    };
    expect(structuredOutputProblem(withFormat(nested))).toMatch(/\(17 parameters/);
  });
});

let standin: Standin | undefined;
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

describe('structured-output limits, over HTTP', () => {
  it('answers a request over a limit 400 invalid_request_error, and one at the limit as usual', async () => {
    standin = await startStandin({ script: [{ kind: 'json', value: { field0: 'x' } }] });
    const client = new Anthropic({ apiKey: 'test', baseURL: standin.url, maxRetries: 0 });
    const request = (count: number) => ({
      model: 'claude-test',
      max_tokens: 1024,
      messages: [{ role: 'user' as const, content: 'Extract.' }],
      output_config: {
        format: { type: 'json_schema' as const, schema: schemaOf({ count, union: true }) },
      },
    });
    const error = await client.messages.create(request(17)).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('This exceeds the allowed limit of 16.'),
      },
    });
    const message = await client.messages.create(request(16));
    expect(message.content[0]).toMatchObject({ type: 'text' });
  });
});
