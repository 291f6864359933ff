import { describe, expect, it } from 'vitest';
import { extractPdfText } from './extract-pdf-text';
import { pngHeader } from './test-fixtures/image-fixtures';
import { deflateBombPdf, manyPagesPdf, textPdf } from './test-fixtures/pdf-fixtures';

describe('extractPdfText', () => {
  it('gives each page its text, line by line', async () => {
    const bytes = await textPdf([['Invoice INV-7', 'Total 12.50 EUR'], [], ['Thank you']]);
    expect(await extractPdfText({ bytes })).toEqual({
      type: 'ok',
      hasTextLayer: true,
      pages: [
        { page: 1, text: 'Invoice INV-7\nTotal 12.50 EUR' },
        { page: 2, text: '' },
        { page: 3, text: 'Thank you' },
      ],
    });
  });

  it('says a PDF without text on any page has no text layer', async () => {
    const result = await extractPdfText({ bytes: await textPdf([[], []]) });
    expect(result).toMatchObject({ type: 'ok', hasTextLayer: false, pages: [{ page: 1 }, { page: 2 }] });
  });

  it('takes a Node Buffer as well as a Uint8Array (what readFile and downloads give)', async () => {
    const bytes = Buffer.from(await textPdf([['Invoice INV-7']]));
    expect(await extractPdfText({ bytes })).toMatchObject({
      type: 'ok',
      pages: [{ page: 1, text: 'Invoice INV-7' }],
    });
  });

  it('refuses what is not a PDF', async () => {
    expect(await extractPdfText({ bytes: pngHeader(10, 10) })).toMatchObject({ reason: 'bad_document' });
    expect(await extractPdfText({ bytes: new Uint8Array(0) })).toMatchObject({ reason: 'bad_document' });
  });

  it('refuses a PDF over the page limit without reading its pages', async () => {
    expect(await extractPdfText({ bytes: await manyPagesPdf(150) })).toMatchObject({
      reason: 'document_too_large',
      detail: 'the PDF has 150 pages; at most 100 are accepted',
    });
  });

  it('refuses a PDF whose streams decode past the limit', async () => {
    const bytes = await deflateBombPdf(32 * 1024 * 1024);
    expect(await extractPdfText({ bytes, limits: { maxDecodedBytes: 4 * 1024 * 1024 } })).toMatchObject({
      reason: 'document_too_large',
    });
  });

  it('refuses a PDF whose text is over the character limit, naming the page', async () => {
    const bytes = await textPdf([['a'.repeat(40)], ['b'.repeat(40)], ['c'.repeat(40)]]);
    expect(await extractPdfText({ bytes, limits: { maxTextChars: 60 } })).toEqual({
      type: 'refused',
      reason: 'document_too_large',
      detail: "the PDF's text is over 60 characters (reached on page 2)",
    });
  });

  it('refuses a PDF that takes longer than the deadline', async () => {
    const pages = Array.from({ length: 100 }, (_, index) => [`Page ${index + 1} of the contract`]);
    const bytes = await textPdf(pages);
    expect(await extractPdfText({ bytes, limits: { timeoutMs: 1 } })).toEqual({
      type: 'refused',
      reason: 'document_too_large',
      detail: 'reading the PDF took longer than 1 ms',
    });
  });

  it("rejects with the caller's reason when the caller aborts", async () => {
    const bytes = await textPdf([['Invoice INV-7']]);
    const controller = new AbortController();
    const reason = new Error('worker closing');
    controller.abort(reason);
    await expect(extractPdfText({ bytes, signal: controller.signal })).rejects.toBe(reason);
  });
});
