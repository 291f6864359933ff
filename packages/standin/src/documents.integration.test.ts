import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Anthropic, { type BadRequestError, toFile } from '@anthropic-ai/sdk';
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { loadSamples, pdfLayouts, renderSamplePdf, renderSamples } from '@quarry/samples';
import { afterEach, describe, expect, it } from 'vitest';
import { batchResults, batchStandin, closeStandins, waitForBatch } from './batch-test-kit';
import { blankAnswer } from './blank-answer';
import { documentRequest, pdfBlock, solidPng } from './document-test-kit';
import { unreadableText } from './reply-source';
import { corpus, invoiceSchema, invoiceText, invoiceTruth } from './test-corpus';

afterEach(closeStandins);

const samples = loadSamples('invoice');
const sampleCorpus = samples.map((sample) => ({
  workflow: 'invoice',
  text: sample.text,
  truth: sample.truth,
}));

const answerOf = (message: Message): unknown => {
  const block = message.content.find((part) => part.type === 'text');
  return block?.type === 'text' ? JSON.parse(block.text) : undefined;
};

describe('document and image blocks through the SDK', () => {
  it('answers a base64 PDF rendering of a shipped sample with the sample truth, in every layout with a text layer', async () => {
    const { client, standin } = await batchStandin({ simulate: { corpus: sampleCorpus } });
    const sample = samples.find((candidate) => candidate.id === 'invoice-011');
    if (!sample) throw new Error('invoice-011 is not shipped');
    for (const layout of ['letter-plain', 'a4-banner', 'a5-two-page'] as const) {
      const pdf = await renderSamplePdf({ text: sample.text, layout });
      const message = await client.messages.create(documentRequest(pdfBlock(pdf.bytes)));
      expect(answerOf(message), layout).toEqual(sample.truth);
      // Each page: at least 1,500 text tokens and 1,600 for its page image.
      expect(message.usage.input_tokens).toBeGreaterThanOrEqual(pdf.pages * 3100);
    }
    expect(standin.stats.simulation?.unknownDocuments).toBe(0);
  });

  it('answers every shipped invoice rendering with a text layer with its sample truth', async () => {
    const { client, standin } = await batchStandin({ simulate: { corpus: sampleCorpus } });
    const renderings = (await renderSamples(samples)).filter((rendering) => rendering.textLayer);
    expect(renderings.length).toBeGreaterThan(30);
    for (const rendering of renderings) {
      const message = await client.messages.create(documentRequest(pdfBlock(rendering.bytes)));
      const truth = samples.find((sample) => sample.id === rendering.sampleId)?.truth;
      expect(answerOf(message), `${rendering.sampleId} ${rendering.layout}`).toEqual(truth);
    }
    expect(standin.stats.simulation?.unknownDocuments).toBe(0);
  }, 120_000);

  it('reads a PDF uploaded once with beta.files.upload and referenced by file_id in every attempt', async () => {
    const { client, standin } = await batchStandin({ simulate: { corpus } });
    const pdf = await renderSamplePdf({ text: invoiceText, layout: 'a5-two-page' });
    const file = await client.beta.files.upload({
      file: await toFile(Buffer.from(pdf.bytes), 'invoice.pdf', { type: 'application/pdf' }),
    });
    const request = documentRequest({ type: 'document', source: { type: 'file', file_id: file.id } });
    const first = await client.messages.create(request);
    const second = await client.messages.create(request);
    expect(answerOf(first)).toEqual(invoiceTruth);
    expect(answerOf(second)).toEqual(invoiceTruth);
    expect(second.usage.input_tokens).toBe(first.usage.input_tokens);
    // The bytes went over the wire once: each Messages request is a few hundred bytes.
    // Both attempts are calls for the same document (one key, from its text layer).
    expect(new Set(standin.requests.map((recorded) => recorded.documentKey)).size).toBe(1);
    expect(await client.beta.files.retrieveMetadata(file.id)).toMatchObject({ size_bytes: pdf.bytes.length });
  });

  it('answers batch entries that reference one uploaded PDF by file_id', async () => {
    const { client, standin } = await batchStandin({ simulate: { corpus } });
    const pdf = await renderSamplePdf({ text: invoiceText, layout: 'letter-plain' });
    const file = await client.beta.files.upload({
      file: await toFile(Buffer.from(pdf.bytes), 'invoice.pdf'),
    });
    const params = documentRequest({ type: 'document', source: { type: 'file', file_id: file.id } });
    const batch = await client.messages.batches.create({
      requests: ['a', 'b', 'c'].map((custom_id) => ({ custom_id, params })),
    });
    await waitForBatch(client, batch.id);
    const { byId } = await batchResults(client, batch.id);
    for (const id of ['a', 'b', 'c']) {
      const result = byId.get(id);
      if (result?.type !== 'succeeded') throw new Error(`${id} ended ${result?.type}`);
      expect(answerOf(result.message)).toEqual(invoiceTruth);
    }
    expect(standin.stats.files).toMatchObject({ uploaded: 1, stored: 1 });
  });

  it('fetches a url source and reads plain-text and content documents as text', async () => {
    const pdf = await renderSamplePdf({ text: invoiceText, layout: 'letter-plain' });
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end(Buffer.from(pdf.bytes));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { client } = await batchStandin({ simulate: { corpus } });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/invoice.pdf`;
      const fromUrl = await client.messages.create(
        documentRequest({ type: 'document', source: { type: 'url', url } }),
      );
      expect(answerOf(fromUrl)).toEqual(invoiceTruth);
      const plain = await client.messages.create(
        documentRequest({
          type: 'document',
          source: { type: 'text', media_type: 'text/plain', data: invoiceText },
        }),
      );
      expect(answerOf(plain)).toEqual(invoiceTruth);
      const content = await client.messages.create(
        documentRequest({
          type: 'document',
          source: { type: 'content', content: [{ type: 'text', text: invoiceText }] },
        }),
      );
      expect(answerOf(content)).toEqual(invoiceTruth);
    } finally {
      server.close();
    }
  });

  it('answers an image, and a PDF whose text is only drawn, with the blank of the schema or a plain sentence', async () => {
    const { client } = await batchStandin({ simulate: { corpus } });
    const png = solidPng(300, 150);
    const image = await client.messages.create(
      documentRequest({
        type: 'image',
        source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') },
      }),
    );
    expect(answerOf(image)).toEqual(blankAnswer(invoiceSchema));
    expect(answerOf(image)).toMatchObject({ vendorName: '', lineItems: [], total: 0 });
    // 300 × 150 / 750 = 60 image tokens, plus the instruction, system and schema.
    expect(image.usage.input_tokens).toBeGreaterThanOrEqual(60);
    const outlined = await renderSamplePdf({ text: invoiceText, layout: 'letter-outlined' });
    expect(pdfLayouts['letter-outlined'].textLayer).toBe(false);
    const drawn = await client.messages.create(documentRequest(pdfBlock(outlined.bytes)));
    expect(answerOf(drawn)).toEqual(answerOf(image));
    const { output_config, ...withoutSchema } = documentRequest(pdfBlock(outlined.bytes));
    const plain = await client.messages.create(withoutSchema);
    expect(plain.content).toEqual([{ type: 'text', text: unreadableText }]);
  });

  it('reads the page images of a PDF without a text layer when told what they show (pageImageText)', async () => {
    const outlined = await renderSamplePdf({ text: invoiceText, layout: 'letter-outlined' });
    const hash = createHash('sha256').update(outlined.bytes).digest('hex');
    const { client } = await batchStandin({
      simulate: { corpus },
      pageImageText: new Map([[hash, invoiceText]]),
    });
    const read = await client.messages.create(documentRequest(pdfBlock(outlined.bytes)));
    expect(answerOf(read)).toEqual(invoiceTruth);
    const { client: plain } = await batchStandin({ simulate: { corpus } });
    expect(answerOf(await plain.messages.create(documentRequest(pdfBlock(outlined.bytes))))).toEqual(
      blankAnswer(invoiceSchema),
    );
  });

  it('answers a PDF it does not know as it answers an unknown text document', async () => {
    const { client } = await batchStandin({ simulate: { corpus } });
    const pdf = await renderSamplePdf({
      text: 'INVOICE X-1\nNothing the corpus holds.',
      layout: 'letter-plain',
    });
    const refused = await client.messages
      .create(documentRequest(pdfBlock(pdf.bytes)))
      .catch((error) => error);
    expect(refused).toBeInstanceOf(Anthropic.BadRequestError);
    expect((refused as BadRequestError).message).toContain('knows no corpus document');
  });
});
