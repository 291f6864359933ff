import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCliArguments } from './cli-arguments';
import type { StandinOptions } from './standin-options';
import { type Standin, startStandin } from './start-standin';

let standin: Standin | undefined;
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

const body = (stream: boolean): string =>
  JSON.stringify({
    model: 'claude-test',
    max_tokens: 1024,
    stream,
    messages: [{ role: 'user', content: 'Invoice from ACME, total 12.50' }],
  });

async function start(options: Omit<StandinOptions, 'script'> & Pick<StandinOptions, 'script'>) {
  standin = await startStandin(options);
  return standin;
}

/** Posts a request and reads the first chunk of the body; the rest of the body is left pending. */
async function headersAndFirstChunk(url: string, stream: boolean) {
  const response = await fetch(`${url}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: body(stream),
  });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const first = await reader.read();
  return { response, reader, first: new TextDecoder().decode(first.value) };
}

describe('stall: the body stops after the headers', () => {
  it.each([
    ['a JSON answer', false, 'application/json'],
    ['an event stream', true, 'text/event-stream; charset=utf-8'],
  ])(
    'sends the headers and the start of %s, then nothing until the stand-in closes',
    async (_, stream, type) => {
      const running = await start({ script: [{ kind: 'stall' }] });
      const { response, reader, first } = await headersAndFirstChunk(running.url, stream);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('request-id')).toMatch(/^req_/);
      if (stream) {
        expect(first).toContain('event: message_start');
        expect(first).not.toContain('content_block_start');
      } else {
        expect(first.startsWith('{"id":"msg_')).toBe(true);
        expect(() => JSON.parse(first)).toThrow();
      }
      expect(running.stats).toMatchObject({ inFlight: 0, byStatus: { stall: 1 }, aborted: 0 });
      const rest = reader.read();
      await running.close();
      // The body never completes: closing the stand-in cuts the connection instead.
      await expect(rest).rejects.toThrow();
    },
  );

  it('stalls as an injected fault at the configured rate', async () => {
    const running = await start({ script: () => ({ kind: 'empty' }), faults: { stall: 1 } });
    const { response } = await headersAndFirstChunk(running.url, false);
    expect(response.status).toBe(200);
    expect(running.stats.faults.stall).toBe(1);
    expect(running.stats.byStatus).toEqual({ stall: 1 });
  });
});

describe('retry-after sent as it is', () => {
  const sdk = (url: string) => new Anthropic({ apiKey: 'test', baseURL: url, maxRetries: 0 });
  const retryAfterOf = async (client: Anthropic): Promise<string | null> => {
    const error = await client.messages
      .create({ model: 'claude-test', max_tokens: 16, messages: [{ role: 'user', content: 'x' }] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    return (error as InstanceType<typeof Anthropic.RateLimitError>).headers.get('retry-after');
  };

  it('puts a huge, negative or malformed retry-after on a scripted 429', async () => {
    const values = ['999999', '-5', 'soon', '1e9', ''];
    const running = await start({
      script: values.map((retryAfter) => ({ kind: 'error', status: 429, retryAfter })),
    });
    const client = sdk(running.url);
    const seen: (string | null)[] = [];
    for (const _ of values) seen.push(await retryAfterOf(client));
    expect(seen).toEqual(values);
  });

  it('puts it on injected 429s instead of retryAfterSeconds', async () => {
    const running = await start({
      script: () => ({ kind: 'empty' }),
      faults: { rateLimit: 1, retryAfter: '999999', retryAfterSeconds: 2 },
    });
    expect(await retryAfterOf(sdk(running.url))).toBe('999999');
  });

  it('refuses a value that cannot be sent as a header, naming it', async () => {
    await expect(
      startStandin({ script: [], faults: { rateLimit: 1, retryAfter: '1\r\nx-injected: 1' } }),
    ).rejects.toMatchObject({
      name: 'InvalidStandinOptionsError',
      problems: [expect.stringMatching(/^faults: .*printable ASCII.*at retryAfter/)],
    });
    const running = await start({ script: [{ kind: 'error', status: 429, retryAfter: 'a\nb' }] });
    const error = await sdk(running.url)
      .messages.create({ model: 'claude-test', max_tokens: 16, messages: [{ role: 'user', content: 'x' }] })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 500 });
    expect(String((error as Error).message)).toMatch(/invalid reply for request 1: retryAfter/);
  });

  it('reads both from CLI flags', () => {
    const command = parseCliArguments(
      ['--script', 'script.json', '--fault-stall', '0.1', '--retry-after-header', '999999'],
      () => '[]',
    );
    expect(command).toMatchObject({
      kind: 'start',
      options: { faults: { stall: 0.1, retryAfter: '999999' } },
    });
  });
});
