import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { strayToolName } from './fault';
import type { FaultOptions } from './standin-options';
import type { StandinReply } from './standin-reply';
import { type Standin, startStandin } from './start-standin';

const KEY = 'sk-ant-api03-ECHOTEST-0123456789';
const DOCUMENT = 'Invoice from ACME, vault code QX-4471, total 12.50';

const structured = (): MessageCreateParamsNonStreaming => ({
  model: 'claude-test',
  max_tokens: 256,
  messages: [{ role: 'user', content: [{ type: 'text', text: DOCUMENT }] }],
  output_config: {
    format: { type: 'json_schema', schema: { type: 'object', properties: { total: { type: 'number' } } } },
  },
});

let standin: Standin | undefined;
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

async function start(options: { script?: readonly StandinReply[]; faults?: FaultOptions }) {
  standin = await startStandin({
    script: options.script ?? [{ kind: 'json', value: { total: 12.5 } }],
    faults: options.faults,
  });
  return new Anthropic({ apiKey: KEY, baseURL: standin.url, maxRetries: 0 });
}

/** The API error a call fails with; a call that succeeds fails the test. */
async function failure(client: Anthropic): Promise<InstanceType<typeof Anthropic.APIError>> {
  const error = await client.messages.create(structured()).then(
    () => new Error('expected the call to fail'),
    (reason: unknown) => reason,
  );
  if (!(error instanceof Anthropic.APIError)) throw error;
  return error;
}

describe('hostile error bodies and replies, through the SDK', () => {
  it('repeats the whole request body in the error message when asked to echo the request', async () => {
    const client = await start({ script: [{ kind: 'error', status: 400, echo: 'request' }] });
    const error = await failure(client);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(error.apiMessage).toContain('Invalid request; the request was {');
    expect(error.apiMessage).toContain(DOCUMENT);
  });

  it('repeats the API key received when asked to echo the key', async () => {
    const client = await start({ script: [{ kind: 'error', status: 401, echo: 'apiKey' }] });
    const error = await failure(client);
    expect(error).toBeInstanceOf(Anthropic.AuthenticationError);
    expect(error.apiMessage).toBe(`invalid x-api-key; the key received was "${KEY}"`);
  });

  it('sends a plain text error body when asked, which the SDK keeps only in its message', async () => {
    const client = await start({ script: [{ kind: 'error', status: 502, echo: 'request', format: 'text' }] });
    const error = await failure(client);
    expect(error).toBeInstanceOf(Anthropic.InternalServerError);
    expect(error.apiMessage).toBeNull();
    expect(error.message).toContain(DOCUMENT);
  });

  it.each([
    ['echoRequest', 500, DOCUMENT],
    ['echoKey', 401, KEY],
  ] as const)('injects the %s fault at its rate', async (fault, status, echoed) => {
    const client = await start({ faults: { [fault]: 1 } });
    const error = await failure(client);
    expect(error.status).toBe(status);
    expect(error.apiMessage).toContain(echoed);
    expect(standin?.stats.faults[fault]).toBe(1);
  });

  it('answers with a tool_use block nobody offered under structured output (toolUse fault)', async () => {
    const client = await start({ faults: { toolUse: 1 } });
    const message = await client.messages.create(structured());
    expect(message.stop_reason).toBe('tool_use');
    expect(message.content).toEqual([
      { type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: strayToolName, input: { total: 12.5 } },
    ]);
  });
});
