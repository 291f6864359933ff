import Anthropic from '@anthropic-ai/sdk';
import type {
  Message,
  MessageCreateParamsNonStreaming,
  MessageParam,
} from '@anthropic-ai/sdk/resources/messages';
import { afterEach, describe, expect, it } from 'vitest';
import type { StandinOptions } from './standin-options';
import { type Standin, startStandin } from './start-standin';
import { corpus, invoiceRequest, invoiceSchema, invoiceText, invoiceTruth } from './test-corpus';

let running: Standin[] = [];
afterEach(async () => {
  await Promise.all(running.map((standin) => standin.close()));
  running = [];
});

async function simulated(
  options: Omit<StandinOptions, 'simulate'> & { simulate?: Partial<StandinOptions['simulate']> },
) {
  const standin = await startStandin({ ...options, simulate: { corpus, ...options.simulate } });
  running.push(standin);
  return { standin, client: new Anthropic({ apiKey: 'test', baseURL: standin.url, maxRetries: 0 }) };
}

const answer = (message: Message): Record<string, unknown> => {
  const block = message.content[0];
  if (block?.type === 'text') return JSON.parse(block.text);
  if (block?.type === 'tool_use') return block.input as Record<string, unknown>;
  throw new Error(`no answer in ${JSON.stringify(message.content)}`);
};

const statusOf = (client: Anthropic, request: MessageCreateParamsNonStreaming): Promise<number | string> =>
  client.messages.create(request).then(
    () => 200,
    (error: unknown) => (error instanceof Anthropic.APIError ? (error.status ?? 'connection') : 'other'),
  );

describe('simulated model', () => {
  it('answers the truth when it makes no mistakes, in both strategies', async () => {
    const { client, standin } = await simulated({});
    expect(answer(await client.messages.create(invoiceRequest({})))).toEqual(invoiceTruth);
    const tool = await client.messages.create({
      model: 'claude-test',
      max_tokens: 2048,
      messages: [{ role: 'user', content: [{ type: 'text', text: invoiceText }] }],
      tools: [{ name: 'record_invoice', input_schema: invoiceSchema }],
      tool_choice: { type: 'tool', name: 'record_invoice' },
    });
    expect(tool.content[0]).toMatchObject({ type: 'tool_use', name: 'record_invoice', input: invoiceTruth });
    expect(standin.stats.simulation).toMatchObject({ injected: 0, persistent: 0 });
  });

  it('injects a mistake and fixes it once feedback names its path', async () => {
    const { client, standin } = await simulated({
      simulate: { mistakes: { rate: 1, kinds: { dateFormat: 1 } } },
    });
    const first = answer(await client.messages.create(invoiceRequest({})));
    const wrong = (['issueDate', 'dueDate'] as const).filter((field) => first[field] !== invoiceTruth[field]);
    expect(wrong).toHaveLength(1);
    const field = wrong[0] ?? '';
    expect(first[field]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const previous = JSON.stringify(first);
    const unrelated = await client.messages.create(
      invoiceRequest({ retry: { previous, feedback: '- total: expected 60.5 (received 61)' } }),
    );
    expect(answer(unrelated)[field]).toBe(first[field]);
    const named = await client.messages.create(
      invoiceRequest({
        retry: { previous, feedback: `- ${field}: expected YYYY-MM-DD (received "${first[field]}")` },
      }),
    );
    expect(answer(named)).toEqual(invoiceTruth);
    expect(standin.stats.simulation).toMatchObject({ injected: 2, fixed: 1 });
  });

  it('fixes an arithmetic mistake named by its normalised path in a tool_result', async () => {
    const { client } = await simulated({ simulate: { mistakes: { rate: 1, kinds: { arithmeticOff: 1 } } } });
    const request = (feedback?: { id: string; input: unknown }): MessageCreateParamsNonStreaming => {
      const messages: MessageParam[] = [{ role: 'user', content: [{ type: 'text', text: invoiceText }] }];
      if (feedback)
        messages.push(
          { role: 'assistant', content: [{ type: 'tool_use', name: 'record_invoice', ...feedback }] },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: feedback.id,
                is_error: true,
                content: 'rule line-amounts: lineItems[].amount must equal quantity × unitPrice',
              },
            ],
          },
        );
      return {
        model: 'claude-test',
        max_tokens: 2048,
        tools: [{ name: 'record_invoice', input_schema: invoiceSchema }],
        tool_choice: { type: 'tool', name: 'record_invoice' },
        messages,
      };
    };
    const first = await client.messages.create(request());
    const input = answer(first) as typeof invoiceTruth;
    const off = input.lineItems.filter((item) => item.amount !== item.quantity * item.unitPrice);
    expect(off).toHaveLength(1);
    const block = first.content[0];
    const retried = await client.messages.create(
      request({ id: block?.type === 'tool_use' ? block.id : '', input }),
    );
    expect(answer(retried)).toEqual(invoiceTruth);
  });

  it('never fixes the mistakes of an unfixable document', async () => {
    const { client } = await simulated({
      simulate: { mistakes: { rate: 0, unfixableRate: 1, kinds: { badEnum: 1 } } },
    });
    const first = answer(await client.messages.create(invoiceRequest({})));
    expect(first).toEqual({ ...invoiceTruth, status: 'Open' });
    const feedback = `- status: expected one of open, paid, void (received "Open")`;
    const retried = answer(
      await client.messages.create(invoiceRequest({ retry: { previous: JSON.stringify(first), feedback } })),
    );
    expect(retried).toEqual(first);
  });

  it('makes a persistent mistake unless the lessons or the feedback name its path', async () => {
    const { client, standin } = await simulated({
      simulate: {
        persistentMistakes: [{ workflow: 'invoice', path: 'lineItems[].amount', mutation: 'wrongType' }],
      },
    });
    const amounts = (message: Message) =>
      (answer(message) as typeof invoiceTruth).lineItems.map((item) => item.amount);
    expect(amounts(await client.messages.create(invoiceRequest({})))).toEqual(['25', '30']);
    const inSystem = invoiceRequest({ system: 'Watch lineItems[].amount: it must be a number.' });
    expect(amounts(await client.messages.create(inSystem))).toEqual(['25', '30']);
    const inDocument = invoiceRequest({ document: `${invoiceText}\nNote: lineItems[].amount` });
    expect(amounts(await client.messages.create(inDocument))).toEqual(['25', '30']);
    const lessons = invoiceRequest({
      lessons: 'Recent mistakes: schema lineItems[].amount invalid_type (expected number)',
    });
    expect(answer(await client.messages.create(lessons))).toEqual(invoiceTruth);
    const retry = (feedback: string) => invoiceRequest({ retry: { previous: '{}', feedback } });
    expect(amounts(await client.messages.create(retry('- lineItems[0].amount: expected number')))).toEqual([
      25,
      '30',
    ]);
    const both = retry('- lineItems[0].amount: expected number\n- lineItems[1].amount: expected number');
    expect(answer(await client.messages.create(both))).toEqual(invoiceTruth);
    expect(standin.stats.simulation).toMatchObject({ persistent: 4, persistentAvoided: 2 });
  });

  it('answers 400 for a document outside the corpus', async () => {
    const { client } = await simulated({});
    await expect(client.messages.create(invoiceRequest({ document: 'Some other text' }))).rejects.toThrow(
      /knows no corpus document/,
    );
  });

  it('cuts an answer longer than max_tokens with stop_reason max_tokens', async () => {
    const { client } = await simulated({});
    const message = await client.messages.create(invoiceRequest({ maxTokens: 10 }));
    expect(message.stop_reason).toBe('max_tokens');
    const block = message.content[0];
    expect(block?.type === 'text' && block.text).toBe(JSON.stringify(invoiceTruth).slice(0, 40));
  });

  it('draws mistakes per document from the seed, at about the configured rate', async () => {
    const documents = Array.from({ length: 40 }, (_, index) => `${invoiceText}\nReference: job-${index}`);
    const wrongness = async (seed: number) => {
      const { client } = await simulated({
        simulate: { mistakes: { rate: 0.5 } },
        seed,
        documentKey: /Reference: (\S+)/,
      });
      const answers = await Promise.all(
        documents.map((document) => client.messages.create(invoiceRequest({ document })).then(answer)),
      );
      return answers.map((value) => JSON.stringify(value) !== JSON.stringify(invoiceTruth));
    };
    const first = await wrongness(7);
    expect(await wrongness(7)).toEqual(first);
    expect(await wrongness(8)).not.toEqual(first);
    const wrong = first.filter(Boolean).length;
    expect(wrong).toBeGreaterThan(10);
    expect(wrong).toBeLessThan(30);
  });

  it('injects faults deterministically from the seed, with retry-after on 429', async () => {
    const faults = { rateLimit: 0.25, overloaded: 0.25, serverError: 0.1, reset: 0.1, retryAfterSeconds: 3 };
    const sequence = async () => {
      const { client, standin } = await simulated({ faults, seed: 3 });
      const statuses: (number | string)[] = [];
      for (let call = 0; call < 30; call++) statuses.push(await statusOf(client, invoiceRequest({})));
      return { statuses, stats: standin.stats };
    };
    const { statuses, stats } = await sequence();
    expect((await sequence()).statuses).toEqual(statuses);
    expect(new Set(statuses)).toEqual(new Set([200, 429, 529, 500, 'connection']));
    expect(stats.faults.rateLimit).toBe(statuses.filter((status) => status === 429).length);
    expect(Object.values(stats.perDocument)).toEqual([
      { calls: 30, answered: statuses.filter((s) => s === 200).length },
    ]);
    const { client } = await simulated({ faults: { rateLimit: 1, retryAfterSeconds: 3 } });
    const error = await client.messages.create(invoiceRequest({})).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect((error as InstanceType<typeof Anthropic.RateLimitError>).headers.get('retry-after')).toBe('3');
  });

  it('injects truncation and refusal faults into answers', async () => {
    const truncating = await simulated({ faults: { truncate: 1 } });
    const cut = await truncating.client.messages.create(invoiceRequest({}));
    expect(cut.stop_reason).toBe('max_tokens');
    const block = cut.content[0];
    expect(JSON.stringify(invoiceTruth).startsWith(block?.type === 'text' ? block.text : 'none')).toBe(true);
    const refusing = await simulated({ faults: { refusal: 1 } });
    expect((await refusing.client.messages.create(invoiceRequest({}))).stop_reason).toBe('refusal');
  });

  it('waits the configured latency before answering', async () => {
    const { client } = await simulated({ latency: { meanMs: 60, jitterMs: 10 } });
    const started = performance.now();
    await client.messages.create(invoiceRequest({}));
    expect(performance.now() - started).toBeGreaterThanOrEqual(48);
  });

  it('is wrong at an effort its skill is too low for, whatever the feedback, and right one level up', async () => {
    const { client, standin } = await simulated({ simulate: { effortSkill: { low: 0, medium: 1 } } });
    const at = (effort: 'low' | 'medium', feedback?: string) => {
      const request = invoiceRequest(feedback ? { retry: { previous: '{}', feedback } } : {});
      return client.messages.create({
        ...request,
        model: 'claude-haiku-5-5',
        output_config: { ...request.output_config, effort },
      });
    };
    const low = await at('low');
    const wrong = Object.keys(invoiceTruth).filter(
      (key) =>
        JSON.stringify(answer({ ...low, content: low.content.slice(1) })[key]) !==
        JSON.stringify(invoiceTruth[key as keyof typeof invoiceTruth]),
    );
    expect(wrong.length).toBeGreaterThan(0);
    const retried = await at('low', `Fix ${wrong.join(', ')}; every field was checked.`);
    expect(answer({ ...retried, content: retried.content.slice(1) })).not.toEqual(invoiceTruth);
    const medium = await at('medium');
    expect(answer({ ...medium, content: medium.content.slice(1) })).toEqual(invoiceTruth);
    expect(standin.stats.simulation?.effortMistakes).toBe(2);
  });

  it('is wrong on a model without the skill for the document, fixed or not as its skill says, and right on a skilled one', async () => {
    const { client, standin } = await simulated({
      simulate: { modelSkill: { 'claude-haiku-5-5': 0, 'claude-sonnet-5-5': 1 } },
    });
    const on = async (model: string, feedback?: string) => {
      const message = await client.messages.create({
        ...invoiceRequest(feedback ? { retry: { previous: '{}', feedback } } : {}),
        model,
      });
      return { ...message, content: message.content.filter((block) => block.type !== 'thinking') };
    };
    const cheap = answer(await on('claude-haiku-5-5'));
    const wrong = Object.keys(invoiceTruth).filter(
      (key) => JSON.stringify(cheap[key]) !== JSON.stringify(invoiceTruth[key as keyof typeof invoiceTruth]),
    );
    expect(wrong.length).toBeGreaterThan(0);
    expect(answer(await on('claude-haiku-5-5', `Fix ${wrong.join(', ')}.`))).not.toEqual(invoiceTruth);
    expect(answer(await on('claude-sonnet-5-5'))).toEqual(invoiceTruth);
    expect(standin.stats.simulation).toMatchObject({ modelMistakes: 2, modelMistakesFixed: 0 });
  });

  it('invents a value absent from the document for the share asked, dropped once feedback names it', async () => {
    const { client, standin } = await simulated({ simulate: { hallucinations: { rate: 1 } } });
    const first = answer(await client.messages.create(invoiceRequest({})));
    const changed = Object.keys(invoiceTruth).filter(
      (key) => JSON.stringify(first[key]) !== JSON.stringify(invoiceTruth[key as keyof typeof invoiceTruth]),
    );
    expect(changed.length).toBeLessThanOrEqual(1);
    const field = changed[0] ?? 'lineItems';
    expect(invoiceText).not.toContain(JSON.stringify(first[field]).replaceAll('"', ''));
    const previous = JSON.stringify(first);
    const named = await client.messages.create(
      invoiceRequest({
        retry: { previous, feedback: `- ${field}: The quote does not occur in the document` },
      }),
    );
    expect(answer(named)).toEqual(invoiceTruth);
    expect(standin.stats.simulation).toMatchObject({ hallucinated: 1, hallucinationsFixed: 1 });
  });
});
