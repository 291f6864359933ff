import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryBlobStore } from '@quarry/blobs';
import type { Provenance } from '@quarry/core';
import { extractPdfText } from '@quarry/documents';
import { pngHeader, textPdf } from '@quarry/documents/testing';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createDashboard } from './create-dashboard';
import { createDashboardLogger } from './dashboard-logger';
import {
  asViewer,
  attempt,
  dashboardTest,
  testConfig,
  testRegistry,
} from './test-fixtures/dashboard-test-kit';
import { groundedResult, groundedText, reviewEntryOf } from './test-fixtures/grounded-job';

const dir = mkdtempSync(join(tmpdir(), 'quarry-dashboard-blobs-'));
const blobs = new DirectoryBlobStore({ dir, maxBytes: 1024 * 1024, timeoutMs: 10_000 });
const it = dashboardTest({}, blobs);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pageOne = ['Invoice <b>INV-7</b>', 'From: ACME & Co.'];
const pageTwo = ['Total: 1.234,56 EUR'];
let pdf: Uint8Array;
let pdfKey: string;
let provenance: Provenance;
beforeAll(async () => {
  pdf = await textPdf([pageOne, pageTwo]);
  pdfKey = (await blobs.put({ bytes: pdf })).key;
  const text = await extractPdfText({ bytes: pdf });
  if (text.type !== 'ok') throw new Error('the test PDF has no text');
  const at = (page: number, quote: string, match: 'exact' | 'fuzzy' = 'exact') => {
    const start = text.pages[page - 1]?.text.indexOf(quote) ?? -1;
    if (start < 0) throw new Error(`${quote} is not on page ${page}`);
    return { start, end: start + quote.length, quote, match, page };
  };
  provenance = {
    number: at(1, 'INV-7', 'fuzzy'),
    vendorName: at(1, 'ACME & Co.'),
    total: at(2, '1.234,56 EUR'),
  };
});

const pdfInput = () => ({
  document: { mediaType: 'application/pdf', source: { type: 'blob', key: pdfKey } },
});
const jobData = (input: unknown) => ({ workflow: 'grounded-invoice', version: 1, input });
const get = (url: string, path: string, headers: Record<string, string> = asViewer) =>
  fetch(`${url}${path}`, { headers: { accept: 'text/html', ...headers } });
const pageViews = (html: string) =>
  [...html.matchAll(/<h3 id="page-(\d+)">[\s\S]*?<pre class="document">([\s\S]*?)<\/pre>/g)].map((m) => m[2]);

describe('a PDF job on the job page', () => {
  it('shows each page of the text layer with its own spans highlighted, markup escaped, and a download link', async ({
    kit,
  }) => {
    await kit.complete({ jobId: 'pdf-1', data: jobData(pdfInput()), result: groundedResult(provenance) });
    const html = await (await get(kit.url, '/jobs/pdf-1')).text();
    expect(html).toContain('Page 1 of 2');
    expect(html).toContain('Page 2 of 2');
    // The result's `attempts` counts model calls, not job attempts.
    expect(html).toContain(', 1 model call(s),');
    const [first, second] = pageViews(html);
    expect(first).toContain('Invoice &lt;b&gt;<mark data-fields="0" class="weak">INV-7</mark>&lt;/b&gt;');
    expect(first).toContain('From: <mark data-fields="1">ACME &amp; Co.</mark>');
    expect(first).not.toContain('1.234,56');
    expect(second).toContain('Total: <mark data-fields="0" class="weak">1.234,56 EUR</mark>');
    expect(html).not.toContain('<b>INV-7');
    expect(html).toContain('<a href="/jobs/pdf-1/document" download>download</a>');
    expect(html.match(/<script src="\/assets\/document-view.js"/g)).toHaveLength(1);
  });

  it('says an image or a PDF without a text layer has no text to show (no OCR)', async ({ kit }) => {
    const png = (await blobs.put({ bytes: pngHeader(10, 10) })).key;
    const scan = (await blobs.put({ bytes: await textPdf([[]]) })).key;
    const image = { document: { mediaType: 'image/png', source: { type: 'blob', key: png } } };
    const scanned = { document: { mediaType: 'application/pdf', source: { type: 'blob', key: scan } } };
    await kit.complete({ jobId: 'png-1', data: jobData(image), result: groundedResult({}) });
    await kit.complete({ jobId: 'scan-1', data: jobData(scanned), result: groundedResult({}) });
    const imageHtml = await (await get(kit.url, '/jobs/png-1')).text();
    expect(imageHtml).toContain('The document is an image');
    expect(imageHtml).toContain('Quarry does no OCR');
    expect(imageHtml).not.toContain('<pre class="document">');
    const scanHtml = await (await get(kit.url, '/jobs/scan-1')).text();
    expect(scanHtml).toContain('The PDF has no text layer');
    expect(scanHtml).not.toContain('<pre class="document">');
  });

  it('says downloads are not configured on a dashboard without a blob store', async ({ kit }) => {
    await kit.complete({ jobId: 'pdf-2', data: jobData(pdfInput()), result: groundedResult(provenance) });
    const bare = createDashboard({
      config: await testConfig(kit.prefix),
      connection: kit.redis,
      registry: testRegistry(),
      logger: createDashboardLogger({ level: 'silent' }),
      pruneIntervalMs: 0,
    });
    try {
      const { url } = await bare.listen();
      const html = await (await get(url, '/jobs/pdf-2')).text();
      expect(html).toContain('downloads are not configured');
      expect(html).not.toContain('/jobs/pdf-2/document');
      expect((await get(url, '/jobs/pdf-2/document')).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('downloading the original', () => {
  it('returns the exact bytes as an attachment with the stored type and nosniff', async ({ kit }) => {
    await kit.complete({ jobId: 'pdf-3', data: jobData(pdfInput()), result: groundedResult(provenance) });
    const response = await get(kit.url, '/jobs/pdf-3/document');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[0-9a-f]{16}\.pdf"$/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdf);
  });

  it('row 136: a document job whose blob is not what it claims -> serves bytes that are not what the job claims as an opaque download, never as the claimed type', async ({
    kit,
  }) => {
    const fake = Buffer.from('<html><script>alert(1)</script></html>');
    const { key } = await blobs.put({ bytes: fake });
    const input = { document: { mediaType: 'application/pdf', source: { type: 'blob', key } } };
    await kit.complete({ jobId: 'fake-1', data: jobData(input), result: groundedResult(provenance) });
    const response = await get(kit.url, '/jobs/fake-1/document');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[0-9a-f]{16}\.bin"$/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(fake);
  });

  it('answers 401 without credentials and 404 for a text job', async ({ kit }) => {
    await kit.complete({ jobId: 'pdf-4', data: jobData(pdfInput()), result: groundedResult(provenance) });
    await kit.complete({ jobId: 'text-1', data: jobData({ text: groundedText }), result: groundedResult() });
    const anonymous = await fetch(`${kit.url}/jobs/pdf-4/document`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).not.toBe('application/pdf');
    expect((await get(kit.url, '/jobs/text-1/document')).status).toBe(404);
    expect((await get(kit.url, '/jobs/no-such-job/document')).status).toBe(404);
  });

  it('serves only the blob the job names, never a key from the request', async ({ kit }) => {
    const other = (await blobs.put({ bytes: await textPdf([['secret']]) })).key;
    await kit.complete({ jobId: 'pdf-5', data: jobData(pdfInput()), result: groundedResult(provenance) });
    const withKey = await get(kit.url, `/jobs/pdf-5/document?key=${encodeURIComponent(other)}`);
    expect(new Uint8Array(await withKey.arrayBuffer())).toEqual(pdf);
    expect((await get(kit.url, `/jobs/${encodeURIComponent(other)}/document`)).status).toBe(404);
    expect((await get(kit.url, `/blobs/${encodeURIComponent(other)}`)).status).toBe(404);
    expect((await get(kit.url, `/jobs/pdf-5/document/${encodeURIComponent(other)}`)).status).toBe(404);
  });
});

describe('a PDF job on the DLQ page', () => {
  it('shows the pages with the last attempt grounding and downloads the original', async ({ kit }) => {
    const grounded = { ...attempt(1), provenance };
    const record = await kit.seed({
      jobId: 'dead-pdf',
      workflow: 'grounded-invoice',
      input: pdfInput(),
      attempts: [grounded],
    });
    const html = await (await get(kit.url, `/dlq/${record.dlqId}`)).text();
    expect(html).toContain('Document and the grounding of attempt 1');
    const [first, second] = pageViews(html);
    expect(first).toContain('<mark data-fields="0">INV-7</mark>');
    expect(second).toContain('<mark data-fields="0">1.234,56 EUR</mark>');
    expect(html).toContain(`<a href="/dlq/${record.dlqId}/document" download>download</a>`);
    const download = await get(kit.url, `/dlq/${record.dlqId}/document`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);
    expect((await get(kit.url, '/dlq/not-a-dlq-id/document')).status).toBe(404);
  });
});

describe('a PDF job on the review page', () => {
  it('unfolds its pages with the result spans and the download under its row; a gone job has none', async ({
    kit,
  }) => {
    const result = groundedResult(provenance);
    await kit.complete({ jobId: 'review-pdf', data: jobData(pdfInput()), result });
    await kit.flag(reviewEntryOf('review-pdf', result));
    await kit.flag(reviewEntryOf('review-gone', result));
    const html = await (await get(kit.url, '/review')).text();
    expect(html).toContain('2 job(s) waiting for review');
    expect(html).toContain(
      '<summary>Document of <code>review-pdf</code>: page text with the grounded spans</summary>',
    );
    const [first, second] = pageViews(html);
    expect(first).toContain('From: <mark data-fields="1">ACME &amp; Co.</mark>');
    expect(second).toContain('Total: <mark data-fields="0" class="weak">1.234,56 EUR</mark>');
    expect(html).toContain('<a href="/jobs/review-pdf/document" download>download</a>');
    expect(html).not.toContain('Document of <code>review-gone</code>');
    expect(html.match(/<script src="\/assets\/document-view.js"/g)).toHaveLength(1);
  });
});
