import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../extract-pdf-text';
import { encryptedPdf, manyPagesPdf, textPdf } from '../test-fixtures/pdf-fixtures';
import { countPdfPages } from './count-pdf-pages';
import { PdfPagesError } from './pdf-pages-error';
import { slicePdfPages } from './slice-pdf-pages';

const thirtyPages = textPdf(
  Array.from({ length: 30 }, (_, index) => [`Page ${index + 1}`, `Row ${index * 2}`]),
);

async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const result = await extractPdfText({ bytes });
  if (result.type !== 'ok') throw new Error(`not read: ${result.detail}`);
  return result.pages.map((page) => page.text);
}

async function rejection(promise: Promise<unknown>): Promise<PdfPagesError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PdfPagesError);
  return error as PdfPagesError;
}

describe('slicePdfPages', () => {
  it('copies pages 20 to 30 of a 30-page PDF, in order, with their text', async () => {
    const bytes = await thirtyPages;
    const slice = await slicePdfPages({ bytes, firstPage: 20, lastPage: 30 });
    expect(await countPdfPages({ bytes: slice })).toBe(11);
    const texts = await pageTexts(slice);
    expect(texts).toEqual(
      Array.from({ length: 11 }, (_, index) => `Page ${20 + index}\nRow ${(19 + index) * 2}`),
    );
  });

  it('cuts a single page, the first and the last', async () => {
    const bytes = await thirtyPages;
    expect(await pageTexts(await slicePdfPages({ bytes, firstPage: 1, lastPage: 1 }))).toEqual([
      'Page 1\nRow 0',
    ]);
    expect(await pageTexts(await slicePdfPages({ bytes, firstPage: 30, lastPage: 30 }))).toEqual([
      'Page 30\nRow 58',
    ]);
  });

  it('gives the same bytes for the same pages', async () => {
    const bytes = await thirtyPages;
    const once = await slicePdfPages({ bytes, firstPage: 3, lastPage: 7 });
    const twice = await slicePdfPages({ bytes, firstPage: 3, lastPage: 7 });
    expect(Buffer.from(twice).equals(Buffer.from(once))).toBe(true);
  });

  it.each([
    [0, 3, 'firstPage must be 1 or more; got 0'],
    [5, 4, 'lastPage (4) must not be before firstPage (5)'],
    [1.5, 3, 'pages must be whole numbers; got firstPage 1.5 and lastPage 3'],
    [Number.NaN, 3, 'pages must be whole numbers; got firstPage a number and lastPage 3'],
  ])('refuses pages %s to %s before reading the PDF', async (firstPage, lastPage, message) => {
    const error = await rejection(slicePdfPages({ bytes: new Uint8Array(0), firstPage, lastPage }));
    expect(error).toMatchObject({ problem: 'bad_range', message, pageCount: null });
  });

  it('refuses pages past the end, naming the page count', async () => {
    const error = await rejection(slicePdfPages({ bytes: await thirtyPages, firstPage: 25, lastPage: 31 }));
    expect(error).toMatchObject({
      name: 'PdfPagesError',
      problem: 'bad_range',
      firstPage: 25,
      lastPage: 31,
      pageCount: 30,
      message: 'the PDF has 30 pages; pages 25 to 31 were asked for',
    });
  });

  it('refuses bytes that are no PDF, empty bytes and a truncated PDF as unreadable', async () => {
    const garbage = new TextEncoder().encode('%PDF-1.7\nnot really a PDF at all\n'.repeat(20));
    const truncated = (await thirtyPages).subarray(0, 400);
    for (const bytes of [garbage, new Uint8Array(0), truncated, new Uint8Array([1, 2, 3])]) {
      const error = await rejection(slicePdfPages({ bytes, firstPage: 1, lastPage: 1 }));
      expect(error.problem).toBe('unreadable');
    }
  });

  it('refuses an encrypted PDF, saying to decrypt it first', async () => {
    const error = await rejection(
      slicePdfPages({ bytes: await encryptedPdf('set'), firstPage: 1, lastPage: 1 }),
    );
    expect(error).toMatchObject({ problem: 'encrypted' });
  });

  it('refuses to run past the deadline', async () => {
    const error = await rejection(
      slicePdfPages({
        bytes: await manyPagesPdf(5000),
        firstPage: 1,
        lastPage: 5000,
        limits: { timeoutMs: 1 },
      }),
    );
    expect(error).toMatchObject({
      problem: 'timeout',
      message: "reading the PDF's pages took longer than 1 ms",
    });
  });

  it("rejects with the caller's reason when the caller aborts", async () => {
    const controller = new AbortController();
    const reason = new Error('worker closing');
    controller.abort(reason);
    await expect(
      slicePdfPages({ bytes: await thirtyPages, firstPage: 1, lastPage: 2, signal: controller.signal }),
    ).rejects.toBe(reason);
  });
});

describe('countPdfPages', () => {
  it('counts the pages', async () => {
    expect(await countPdfPages({ bytes: await thirtyPages })).toBe(30);
  });

  it('refuses garbage as unreadable', async () => {
    const error = await rejection(countPdfPages({ bytes: new TextEncoder().encode('hello') }));
    expect(error).toMatchObject({ problem: 'unreadable' });
  });
});
