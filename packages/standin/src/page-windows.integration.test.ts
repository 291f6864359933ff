import Anthropic from '@anthropic-ai/sdk';
import type {
  ContentBlockParam,
  Message,
  MessageCreateParamsNonStreaming,
} from '@anthropic-ai/sdk/resources/messages';
import { slicePdfPages } from '@quarry/documents';
import { type LedgerStatement, longTableDocument } from '@quarry/samples';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfBlock } from './document-test-kit';
import { type Standin, startStandin } from './start-standin';
import { corpus, invoiceRequest, invoiceTruth } from './test-corpus';

const ledgerSchema = {
  type: 'object',
  properties: {
    accountHolder: { type: 'string' },
    accountNumber: { type: 'string' },
    period: { type: 'string' },
    rows: {
      type: 'array',
      items: {
        type: 'object',
        properties: { date: { type: 'string' }, description: { type: 'string' }, amount: { type: 'number' } },
        required: ['date', 'description', 'amount'],
        additionalProperties: false,
      },
    },
    closingBalance: { type: ['number', 'null'] },
  },
  required: ['accountHolder', 'accountNumber', 'period', 'rows', 'closingBalance'],
  additionalProperties: false,
};

const request = (block: ContentBlockParam): MessageCreateParamsNonStreaming => ({
  model: 'claude-test',
  max_tokens: 64_000,
  system: 'Extract the bank statement.',
  messages: [
    { role: 'user', content: [block, { type: 'text', text: 'Extract the statement in this document.' }] },
  ],
  output_config: { format: { type: 'json_schema', schema: ledgerSchema } },
});

const textBlock = (text: string): ContentBlockParam => ({
  type: 'document',
  source: { type: 'text', media_type: 'text/plain', data: text },
});

const answerOf = (message: Message): LedgerStatement => {
  const block = message.content.find((part) => part.type === 'text');
  if (block?.type !== 'text') throw new Error('no text block');
  return JSON.parse(block.text) as LedgerStatement;
};

const ledger = await longTableDocument({ pages: 200 });
let standin: Standin;
let client: Anthropic;
beforeAll(async () => {
  standin = await startStandin({
    simulate: { corpus: [...corpus, { workflow: 'ledger', text: ledger.text, truth: ledger.truth }] },
  });
  // An explicit timeout: the SDK refuses a large max_tokens without streaming otherwise.
  client = new Anthropic({ apiKey: 'test', baseURL: standin.url, maxRetries: 0, timeout: 60_000 });
});
afterAll(() => standin.close());

/** What a window of pages `first` to `last` shows: the header, the rows printed on those pages, the balance on the last. */
function expectedFor(first: number, last: number): LedgerStatement {
  const shown = ledger.pages.slice(first - 1, last);
  return {
    ...ledger.truth,
    rows: ledger.truth.rows.filter((row) => shown.some((page) => page.includes(row.description))),
    closingBalance: last === ledger.pages.length ? ledger.truth.closingBalance : null,
  };
}

describe('page windows of a long document', () => {
  it('answers pages 20 to 30 sent as text with the rows on those pages and the header, no closing balance', async () => {
    const window = ledger.pages.slice(19, 30).join('\f');
    const answer = answerOf(await client.messages.create(request(textBlock(window))));
    const expected = expectedFor(20, 30);
    expect(expected.rows.length).toBeGreaterThanOrEqual(11 * 7);
    expect(answer).toEqual(expected);
    expect(answer.rows[0]?.description).toBe(expected.rows[0]?.description);
  });

  it('answers the window holding the last page with the closing balance', async () => {
    const window = ledger.pages.slice(189).join('\f');
    const answer = answerOf(await client.messages.create(request(textBlock(window))));
    expect(answer).toEqual(expectedFor(190, 200));
    expect(answer.closingBalance).toBe(ledger.truth.closingBalance);
  });

  it('answers the whole statement with the whole truth, and the corpus documents as before', async () => {
    expect(answerOf(await client.messages.create(request(textBlock(ledger.text))))).toEqual(ledger.truth);
    const invoice = await client.messages.create(invoiceRequest({}));
    const block = invoice.content[0];
    expect(block?.type === 'text' && JSON.parse(block.text)).toEqual(invoiceTruth);
  });

  it('answers PDF windows cut from the statement PDF page-aware', async () => {
    for (const [first, last] of [
      [20, 30],
      [1, 10],
      [195, 200],
    ] as const) {
      const bytes = await slicePdfPages({ bytes: ledger.pdf, firstPage: first, lastPage: last });
      const answer = answerOf(await client.messages.create(request(pdfBlock(bytes))));
      expect(answer, `pages ${first}-${last}`).toEqual(expectedFor(first, last));
    }
    expect(standin.stats.simulation?.unknownDocuments).toBe(0);
  });

  it('still refuses a block that shows no whole page of any corpus document', async () => {
    const page = ledger.pages[24] ?? '';
    const cut = page.split('\n').slice(0, -1).join('\n');
    const error = await client.messages.create(request(textBlock(cut))).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
  });
});
