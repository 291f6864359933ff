import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import type { ContentBlockParam, Message, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { toOutputJsonSchema } from '@quarry/core';
import { createGrounder } from '@quarry/grounding';
import { loadSamples, renderSamplePdf } from '@quarry/samples';
import { Invoice, SupportTicket } from '@quarry/workflows';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { pdfBlock, solidPng } from './document-test-kit';
import { formatPath, type JsonPath } from './json-path';
import type { PlantedDocument } from './planted-report';
import { readLabelledSet } from './read-labelled-set';
import type { StandinStats } from './standin-stats';
import { type Standin, startStandin } from './start-standin';

const directory = mkdtempSync(join(tmpdir(), 'standin-planted-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
let running: Standin[] = [];
afterEach(async () => {
  await Promise.all(running.map((standin) => standin.close()));
  running = [];
});

async function plantedStandin(lines: readonly object[], plant: object) {
  writeFileSync(join(directory, 'manifest.jsonl'), lines.map((line) => JSON.stringify(line)).join('\n'));
  const corpus = await readLabelledSet({ dir: directory });
  const standin = await startStandin({ simulate: { corpus, plant }, seed: 11 });
  running.push(standin);
  return { standin, client: new Anthropic({ apiKey: 'test', baseURL: standin.url, maxRetries: 0 }) };
}

/** A structured-outputs request laid out like the extraction loop's, with an optional feedback turn. */
function request(options: {
  readonly document: ContentBlockParam;
  readonly schema: Record<string, unknown>;
  readonly retry?: { readonly previous: string; readonly feedback: string };
}) {
  const messages: MessageParam[] = [
    { role: 'user', content: [options.document, { type: 'text', text: 'Extract the fields.' }] },
    ...(options.retry
      ? [
          { role: 'assistant' as const, content: options.retry.previous },
          { role: 'user' as const, content: options.retry.feedback },
        ]
      : []),
  ];
  return {
    model: 'claude-test',
    max_tokens: 8192,
    messages,
    output_config: { format: { type: 'json_schema' as const, schema: options.schema } },
  };
}

const answerOf = (message: Message): Record<string, unknown> => {
  const block = message.content.find((part) => part.type === 'text');
  if (block?.type !== 'text') throw new Error('no text block');
  return JSON.parse(block.text) as Record<string, unknown>;
};

function leaves(
  value: unknown,
  path: JsonPath = [],
  found = new Map<string, unknown>(),
): Map<string, unknown> {
  if (Array.isArray(value))
    for (const [index, item] of value.entries()) leaves(item, [...path, index], found);
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value)) leaves(child, [...path, key], found);
  else found.set(formatPath(path), value);
  return found;
}

/** The leaves where the answer differs from the truth, by how (as `PlantedDocument` reports them). */
function differences(truth: unknown, answer: unknown) {
  const empty = (value: unknown) => value === undefined || value === null || value === '';
  const [before, after] = [leaves(truth), leaves(answer)];
  const found = { wrong: [] as string[], missing: [] as string[], invented: [] as string[] };
  for (const path of new Set([...before.keys(), ...after.keys()])) {
    const [was, now] = [before.get(path), after.get(path)];
    if (!empty(was) && !empty(now) && was !== now) found.wrong.push(path);
    else if (!empty(was) && empty(now)) found.missing.push(path);
    else if (empty(was) && !empty(now)) found.invented.push(path);
  }
  return found;
}

const reported = (standin: Standin, id: string): PlantedDocument => {
  const document = Object.values(standin.planted?.byDocument ?? {}).find((entry) => entry.id === id);
  if (!document) throw new Error(`nothing planted for ${id}`);
  return document;
};
const sortedKinds = (document: Pick<PlantedDocument, 'wrong' | 'missing' | 'invented'>) => ({
  wrong: [...document.wrong].sort(),
  missing: [...document.missing].sort(),
  invented: [...document.invented].sort(),
});

describe('planted mistakes through the SDK', () => {
  it('answers labelled text, PDF and image items with exactly the planted mistakes, and repeats them after feedback', async () => {
    const [first, second, third] = loadSamples('invoice');
    if (!first || !second || !third) throw new Error('three invoice samples are shipped');
    const pdf = await renderSamplePdf({ text: second.text, layout: 'letter-plain' });
    const png = solidPng(64, 64);
    writeFileSync(join(directory, 'second.pdf'), pdf.bytes);
    writeFileSync(join(directory, 'second.json'), JSON.stringify(second.truth));
    writeFileSync(join(directory, 'third.png'), png);
    const { client, standin } = await plantedStandin(
      [
        { id: 'text', text: first.text, expected: first.truth, workflow: 'invoice@2' },
        { id: 'pdf', file: 'second.pdf', expected: 'second.json', workflow: 'invoice' },
        { id: 'image', file: 'third.png', expected: third.truth },
      ],
      { wrongRate: 0.2, missingRate: 0.1 },
    );
    const schema = toOutputJsonSchema(Invoice);
    const items = [
      {
        id: 'text',
        truth: first.truth,
        document: { type: 'text', text: `<document>\n${first.text}\n</document>` },
      },
      { id: 'pdf', truth: second.truth, document: pdfBlock(pdf.bytes) },
      {
        id: 'image',
        truth: third.truth,
        document: {
          type: 'image',
          source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') },
        },
      },
    ] as const;
    for (const item of items) {
      const answer = answerOf(await client.messages.create(request({ document: item.document, schema })));
      const planted = reported(standin, item.id);
      const count = leaves(item.truth).size;
      expect(Invoice.safeParse(answer).error, item.id).toBeUndefined();
      expect(planted).toMatchObject({
        leaves: count,
        present: count,
        workflow: item.id === 'image' ? 'labelled' : 'invoice',
      });
      // Every invoice field is required and not nullable: the missing share is planted as wrong values.
      expect(planted.wrong, item.id).toHaveLength(Math.round(0.2 * count) + Math.round(0.1 * count));
      expect(sortedKinds(differences(item.truth, answer)), item.id).toEqual(sortedKinds(planted));
      const feedback = planted.wrong.map((path) => `- ${path}: does not match the document`).join('\n');
      const retried = await client.messages.create(
        request({ document: item.document, schema, retry: { previous: JSON.stringify(answer), feedback } }),
      );
      expect(answerOf(retried), item.id).toEqual(answer);
    }
    const stats = (await (await fetch(`${standin.url}/_standin/stats`)).json()) as StandinStats;
    expect(stats.planted).toEqual(standin.planted);
    expect(stats.planted?.totals).toMatchObject({
      documents: 3,
      wrong: items.reduce((sum, item) => sum + reported(standin, item.id).wrong.length, 0),
      missing: 0,
      invented: 0,
    });
    expect(stats.simulation?.unknownDocuments).toBe(0);
  });

  it('leaves a field out unquoted and invents one with a made-up quote when evidence is asked', async () => {
    const tickets = loadSamples('support-ticket');
    const withEmail = tickets.find((ticket) => ticket.truth.customerEmail !== null);
    const withoutEmail = tickets.find((ticket) => ticket.truth.customerEmail === null);
    if (!withEmail || !withoutEmail) throw new Error('tickets with and without an email are shipped');
    const { client, standin } = await plantedStandin(
      [
        { id: 'with', text: withEmail.text, expected: withEmail.truth, workflow: 'support-ticket' },
        { id: 'without', text: withoutEmail.text, expected: withoutEmail.truth, workflow: 'support-ticket' },
      ],
      { missingRate: 0.2, inventedRate: 0.2 },
    );
    const grounder = createGrounder({ output: SupportTicket, grounding: { mode: 'require' } });
    if (!grounder) throw new Error('the ticket has fields to ground');
    for (const [id, ticket] of [
      ['with', withEmail],
      ['without', withoutEmail],
    ] as const) {
      const document = { type: 'text' as const, text: ticket.text };
      const reply = answerOf(
        await client.messages.create(request({ document, schema: grounder.outputSchema })),
      );
      const { data, evidence } = grounder.split(reply) as {
        data: Record<string, unknown>;
        evidence: Record<string, unknown>;
      };
      expect(SupportTicket.safeParse(data).error, id).toBeUndefined();
      const planted = reported(standin, id);
      expect(sortedKinds(differences(ticket.truth, data)), id).toEqual(sortedKinds(planted));
      if (id === 'with') {
        expect(planted.missing).toEqual(['customerEmail']);
        expect({ value: data.customerEmail, quote: evidence.customerEmail }).toEqual({
          value: null,
          quote: null,
        });
      } else {
        expect(planted.invented).toEqual(['customerEmail']);
        expect(evidence.customerEmail).toBe(data.customerEmail);
        expect(typeof data.customerEmail).toBe('string');
      }
    }
  });
});
