import type { AttemptRecord } from '@quarry/core';
import { describe, expect } from 'vitest';
import { asViewer, attempt, dashboardTest } from './test-fixtures/dashboard-test-kit';
import { groundedData, groundedProvenance, groundedResult, groundedText } from './test-fixtures/grounded-job';

const it = dashboardTest();

const jobData = { workflow: 'grounded-invoice', version: 1, input: { text: groundedText } };
const page = (url: string, path: string, headers: Record<string, string> = asViewer) =>
  fetch(`${url}${path}`, { headers: { accept: 'text/html', ...headers } });
const documentPart = (html: string) => /<pre class="document">([\s\S]*?)<\/pre>/.exec(html)?.[1] ?? '';
const fieldItem = (html: string, path: string) =>
  new RegExp(`<li class="([^"]*)"[^>]*>\\s*<code>${path}</code>`).exec(html)?.[1];

describe('the job page', () => {
  it('shows the result, its provenance and the document with every span highlighted, markup escaped', async ({
    kit,
  }) => {
    await kit.complete({ jobId: 'grounded-1', data: jobData, result: groundedResult() });
    const response = await page(kit.url, '/jobs/grounded-1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await response.text();
    expect(html).toContain('<h1>Job grounded-1</h1>');
    expect(html).toContain('grounded-invoice@v1');
    // Markup in the document and in the values is text, never markup.
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<i>&amp; Co.');
    expect(html).toContain('ACME &lt;i&gt;&amp; Co.&lt;/i&gt;');
    const doc = documentPart(html);
    expect(doc).toContain('Invoice &lt;b&gt;<mark data-fields="0" class="weak">INV-7</mark>&lt;/b&gt;');
    // The vendor's span holds the vendor name's: the overlap names both fields.
    expect(doc).toContain(
      '<mark data-fields="1">&lt;script&gt;alert(&quot;doc&quot;)&lt;/script&gt; </mark><mark data-fields="1 2">ACME &amp; Co.</mark>',
    );
    expect(doc).toContain('Total: <mark data-fields="3" class="weak">1.234,56 EUR</mark>');
    expect(fieldItem(html, 'number')).toBe('field status-grounded weak');
    expect(fieldItem(html, 'vendor')).toBe('field status-grounded');
    expect(fieldItem(html, 'total')).toBe('field status-mismatch weak');
    expect(fieldItem(html, 'due')).toBe('field status-not_found weak');
    expect(html).toContain('fuzzy match · confidence 0.76');
    const total = groundedText.indexOf('1.234,56 EUR');
    expect(html).toContain(
      `<td><code>total</code></td><td>${total}</td><td>${total + 12}</td><td>exact</td>`,
    );
    expect(html).toContain('<script src="/assets/document-view.js" defer></script>');
    expect(html).not.toMatch(/<script>/);
    const script = await fetch(`${kit.url}/assets/document-view.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toContain("querySelectorAll('.docview')");
  });

  it('names stored offsets outside the document and still shows the page', async ({ kit }) => {
    const provenance = {
      ...groundedProvenance(),
      number: { start: 5, end: 10_000, quote: 'x', match: 'exact' as const },
    };
    await kit.complete({ jobId: 'bad-offsets', data: jobData, result: groundedResult(provenance) });
    const html = await (await page(kit.url, '/jobs/bad-offsets')).text();
    expect(html).toContain('stored offsets lie outside the document');
    expect(documentPart(html)).not.toContain('data-fields="0"');
    expect(documentPart(html)).toContain('data-fields="1"');
  });

  it('shows a stored result that breaks the schema as unreadable, with the document', async ({ kit }) => {
    const result = {
      ...groundedResult(),
      provenance: { number: { start: -4, end: 2, quote: 'x', match: 'exact' } },
    };
    await kit.complete({ jobId: 'bad-result', data: jobData, result: result as never });
    const response = await page(kit.url, '/jobs/bad-result');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('The stored result is unreadable');
    expect(html).toContain('provenance.number.start');
    expect(documentPart(html)).toContain('Invoice &lt;b&gt;INV-7&lt;/b&gt;');
  });

  it('answers 404 with a page for an unknown job id, the id escaped, and for BullMQ keys', async ({
    kit,
  }) => {
    const unknown = await page(kit.url, `/jobs/${encodeURIComponent('<b>nope</b>')}`);
    expect(unknown.status).toBe(404);
    const html = await unknown.text();
    expect(html).toContain('No job <code>&lt;b&gt;nope&lt;/b&gt;</code> in the extraction queue');
    expect(html).toContain('<h1>Not found</h1>');
    for (const key of ['meta', 'id', 'events', 'x'.repeat(300)])
      expect((await page(kit.url, `/jobs/${key}`)).status, key).toBe(404);
  });

  it('answers 401 without credentials and shows signed-in viewers the document', async ({ kit }) => {
    await kit.complete({ jobId: 'private', data: jobData, result: groundedResult() });
    for (const path of ['/jobs/private', '/review']) {
      const anonymous = await page(kit.url, path, {});
      expect(anonymous.status, path).toBe(401);
      expect(await anonymous.text()).not.toContain('ACME');
      expect((await page(kit.url, path)).status, path).toBe(200);
    }
  });
});

describe('the review page', () => {
  it('lists flagged jobs with their weak fields, linking each to its job page', async ({ kit }) => {
    const result = groundedResult();
    await kit.flag({
      jobId: 'flagged<1>',
      workflow: 'grounded-invoice',
      version: 1,
      reasons: ['grounding: number: confidence 0.76 is below 0.9 <b>(fuzzy match)</b>'],
      flaggedAt: new Date(Date.now() - 120_000).toISOString(),
      attempts: 2,
      costUsd: 0.003,
      data: groundedData,
      fieldConfidence: result.fieldConfidence,
      weakFields: result.weakFields,
    });
    const html = await (await page(kit.url, '/review')).text();
    expect(html).toContain('1 job(s) waiting for review');
    expect(html).toContain('<a href="/jobs/flagged%3C1%3E"><code>flagged&lt;1&gt;</code></a>');
    expect(html).toContain('<code>number</code> INV-7 <span class="muted">(confidence 0.76)</span>');
    expect(html).toContain(
      '<code>total</code> 1243.56 <span class="muted">(failed grounding, confidence 0.00)</span>',
    );
    expect(html).toContain('<code>due</code> 2026-03-05');
    // Vendor fields are grounded above any threshold: not weak.
    expect(html).not.toContain('<code>vendorName</code>');
    expect(html).toContain('below 0.9 &lt;b&gt;(fuzzy match)&lt;/b&gt;');
  });
});

describe('the DLQ detail page', () => {
  it("shows the document with the last attempt's grounded spans and failures", async ({ kit }) => {
    const grounded = (n: number): AttemptRecord => ({
      ...attempt(n),
      issues: [{ source: 'grounding', path: 'due', code: 'not_found', message: 'The quote does not occur' }],
      provenance: { vendor: groundedProvenance().vendor as never },
      groundingFields: [
        {
          path: 'vendor',
          status: 'grounded',
          match: 'exact',
          similarity: 1,
          value: JSON.stringify(groundedData.vendor),
        },
        { path: 'due', status: 'not_found', match: 'none', similarity: 0, value: '"<em>2026-03-05</em>"' },
      ],
    });
    const record = await kit.seed({
      jobId: 'dead-grounded',
      workflow: 'grounded-invoice',
      text: groundedText,
      attempts: [attempt(1), grounded(2)],
    });
    const html = await (await page(kit.url, `/dlq/${record.dlqId}`)).text();
    expect(html).toContain('Document and the grounding of attempt 2');
    expect(documentPart(html)).toContain(
      '<mark data-fields="0">&lt;script&gt;alert(&quot;doc&quot;)&lt;/script&gt; ACME &amp; Co.</mark>',
    );
    expect(fieldItem(html, 'due')).toBe('field status-not_found weak');
    expect(html).toContain('&lt;em&gt;2026-03-05&lt;/em&gt;');
    expect(html).not.toContain('<em>2026');
    expect(html).not.toContain('<script>alert');
  });

  it('shows the document without highlights when the last attempt was not grounded, the job data folded away', async ({
    kit,
  }) => {
    const record = await kit.seed({ jobId: 'dead-plain' });
    const html = await (await page(kit.url, `/dlq/${record.dlqId}`)).text();
    expect(html).toContain('<h2>Document</h2>');
    expect(html).toContain('<pre class="document">note dead-plain</pre>');
    expect(html).not.toContain('<mark');
    expect(html).toContain('<details><summary>Job data (JSON, the document as a preview)</summary>');
  });
});
