import Anthropic from '@anthropic-ai/sdk';
import type { ContentBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { documentTokenEstimate } from '@quarry/core';
import { extractPdfText } from '@quarry/documents';
import { DocumentFileStore, quarryKeys } from '@quarry/queue';
import { loadSamples, renderSamplePdf } from '@quarry/samples';
import { startStandin } from '@quarry/standin';
import { it } from '@quarry/testing';
import { pino } from 'pino';
import { describe, expect } from 'vitest';
import { documentReadingCache } from './document-reading-cache';
import { jobDocumentOf } from './resolve-job-document';

describe('jobDocumentOf', () => {
  it("estimates a PDF's input tokens per page from its text layer, as the stand-in counts them", async ({
    redis,
    prefix,
  }) => {
    const [sample] = loadSamples('invoice');
    if (!sample) throw new Error('no invoice sample');
    const { bytes, pages } = await renderSamplePdf({ text: sample.text, layout: 'a5-two-page' });
    expect(pages).toBeGreaterThan(1);
    const data = Buffer.from(bytes).toString('base64');
    const resolved = await jobDocumentOf({
      input: { document: { mediaType: 'application/pdf', source: { type: 'base64', data } } },
      resolver: {
        blobs: null,
        uploader: null,
        files: new DocumentFileStore({ redis, keys: quarryKeys({ prefix }), ttlSeconds: 60 }),
        readings: documentReadingCache(),
      },
      log: pino({ level: 'silent' }),
    });
    const text = await extractPdfText({ bytes });
    if (text.type !== 'ok') throw new Error('the rendering has no text layer');
    const pageTextChars = text.pages.map((page) => page.text.length);
    expect(resolved?.estimatedTokens).toBe(documentTokenEstimate({ kind: 'pdf', pages, pageTextChars }));

    // The stand-in counts the same request with and without the document: the difference is the document.
    const standin = await startStandin({ script: () => ({ kind: 'json', value: {} }) });
    try {
      const client = new Anthropic({ baseURL: standin.url, apiKey: 'sk-test', maxRetries: 0 });
      const inputTokens = async (first: ContentBlockParam[]) =>
        (
          await client.messages.create({
            model: 'claude-test',
            max_tokens: 100,
            messages: [{ role: 'user', content: [...first, { type: 'text', text: 'Extract.' }] }],
          })
        ).usage.input_tokens;
      const counted =
        (await inputTokens([
          { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data } },
        ])) - (await inputTokens([]));
      expect(Math.abs(counted - (resolved?.estimatedTokens ?? 0))).toBeLessThanOrEqual(2);
    } finally {
      await standin.close();
    }
  });
});
