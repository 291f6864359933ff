import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryBlobStore } from '@quarry/blobs';
import { textPdf } from '@quarry/documents/testing';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import {
  asAdmin,
  asViewer,
  attempt,
  type DashboardTestKit,
  dashboardTest,
} from './test-fixtures/dashboard-test-kit';
import { storeEvalRun } from './test-fixtures/eval-runs';
import { groundedResult, groundedText, reviewEntryOf } from './test-fixtures/grounded-job';

// DASHBOARD_DOCUMENTS=admin: documents are kept from viewers, shown to admins.
const dir = mkdtempSync(join(tmpdir(), 'quarry-dashboard-access-'));
const blobs = new DirectoryBlobStore({ dir, maxBytes: 1024 * 1024, timeoutMs: 10_000 });
const it = dashboardTest({ documents: 'admin' }, blobs);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let pdfKey: string;
beforeAll(async () => {
  pdfKey = (await blobs.put({ bytes: await textPdf([['Invoice INV-7 from Quarrystone GmbH, Lindenweg 4']]) }))
    .key;
});
const pdfInput = () => ({
  document: { mediaType: 'application/pdf', source: { type: 'blob', key: pdfKey } },
});
const jobData = (input: unknown) => ({ workflow: 'grounded-invoice', version: 1, input });
const get = (url: string, path: string, headers: Record<string, string>) =>
  fetch(`${url}${path}`, { headers: { accept: 'text/html', ...headers } });
const HIDDEN = 'Documents are hidden for the viewer role';
/** What would give a document away (not the extracted values): its words, its blob key, the model's raw output. */
const secrets = () => [
  'Quarrystone',
  'Lindenweg',
  'next month',
  '1.234,56',
  pdfKey.slice(7),
  '{"title": 42}',
];

/** Seeds a completed PDF job, a completed text job, both flagged for review, and a dead-lettered PDF job. */
async function seedDocuments(kit: DashboardTestKit) {
  const result = groundedResult({});
  await kit.complete({ jobId: 'pdf-job', data: jobData(pdfInput()), result });
  await kit.complete({ jobId: 'text-job', data: jobData({ text: groundedText }), result });
  for (const jobId of ['pdf-job', 'text-job']) await kit.flag(reviewEntryOf(jobId, result));
  const quote = 'Lindenweg 4';
  const provenance = { number: { start: 37, end: 48, quote, match: 'exact' as const, page: 1 } };
  return kit.seed({
    jobId: 'dead-pdf',
    workflow: 'grounded-invoice',
    input: pdfInput(),
    attempts: [{ ...attempt(1), provenance }],
  });
}

describe('DASHBOARD_DOCUMENTS=admin', () => {
  it("row 137: a viewer with DASHBOARD_DOCUMENTS=admin on a PDF job's and a text job's page -> shows viewers a note in place of documents on the job, review and DLQ pages, and no blob key", async ({
    kit,
  }) => {
    const record = await seedDocuments(kit);
    for (const path of ['/jobs/pdf-job', '/jobs/text-job', '/review', `/dlq/${record.dlqId}`]) {
      const response = await get(kit.url, path, asViewer);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(HIDDEN);
      expect(html, path).not.toContain('<pre class="document">');
      expect(html, path).not.toContain('/document" download');
      expect(html, path).not.toContain('raw output');
      for (const secret of secrets()) expect(html, `${path}: ${secret}`).not.toContain(secret);
    }
  });

  it('answers viewers 403 on the downloads, even of a job that does not exist', async ({ kit }) => {
    const record = await seedDocuments(kit);
    for (const path of ['/jobs/pdf-job/document', `/dlq/${record.dlqId}/document`, '/jobs/nope/document']) {
      const response = await get(kit.url, path, asViewer);
      expect(response.status, path).toBe(403);
      expect(await response.json()).toEqual({
        error: 'forbidden',
        message: 'documents are shown to admins only',
      });
    }
  });

  it("keeps the document out of the viewers' queue board, not out of the admins'", async ({ kit }) => {
    const record = await seedDocuments(kit);
    for (const path of [
      '/queues/api/queues/extraction/pdf-job',
      `/queues/api/queues/extraction-dlq/${record.dlqId}`,
    ]) {
      const asJson = (headers: Record<string, string>) =>
        fetch(`${kit.url}${path}`, { headers: { accept: 'application/json', ...headers } });
      const seen = await (await asJson(asViewer)).text();
      expect(seen, path).toContain('[hidden: documents are shown to admins only]');
      for (const secret of secrets()) expect(seen, `${path}: ${secret}`).not.toContain(secret);
      expect(await (await asJson(asAdmin)).text(), path).toContain(pdfKey);
    }
  });

  it('shows admins the page text and downloads as before', async ({ kit }) => {
    const record = await seedDocuments(kit);
    const jobHtml = await (await get(kit.url, '/jobs/pdf-job', asAdmin)).text();
    expect(jobHtml).toContain('Invoice INV-7 from Quarrystone GmbH, Lindenweg 4');
    expect(jobHtml).toContain('<a href="/jobs/pdf-job/document" download>download</a>');
    expect(jobHtml).not.toContain(HIDDEN);
    const reviewHtml = await (await get(kit.url, '/review', asAdmin)).text();
    expect(reviewHtml).toContain('<summary>Document of <code>pdf-job</code>');
    expect(reviewHtml).not.toContain(HIDDEN);
    const dlqHtml = await (await get(kit.url, `/dlq/${record.dlqId}`, asAdmin)).text();
    expect(dlqHtml).toContain(`<a href="/dlq/${record.dlqId}/document" download>download</a>`);
    expect(dlqHtml).toContain(pdfKey);
    for (const path of ['/jobs/pdf-job/document', `/dlq/${record.dlqId}/document`]) {
      expect((await get(kit.url, path, asAdmin)).status, path).toBe(200);
    }
  });

  it("keeps an evaluation item's document from viewers, not its values, and shows it to admins", async ({
    kit,
  }) => {
    await storeEvalRun({
      redis: kit.redis,
      keys: kit.dashboard.triage.queues.keys,
      runId: 'eval-pdf',
      items: [
        {
          id: 'pdf-item',
          document: { kind: 'blob', key: pdfKey, mediaType: 'application/pdf' },
          expected: { number: 'INV-7' },
        },
      ],
    });
    const path = '/evals/eval-pdf/items/pdf-item';
    const seen = await (await get(kit.url, path, asViewer)).text();
    expect(seen).toContain(HIDDEN);
    expect(seen).toContain('&quot;INV-7&quot;');
    expect(seen).not.toContain('/document" download');
    for (const secret of secrets()) expect(seen, secret).not.toContain(secret);
    expect((await get(kit.url, `${path}/document`, asViewer)).status).toBe(403);
    expect((await get(kit.url, '/evals/nope/items/x/document', asViewer)).status).toBe(403);
    const shown = await (await get(kit.url, path, asAdmin)).text();
    expect(shown).toContain('Invoice INV-7 from Quarrystone GmbH, Lindenweg 4');
    expect(shown).toContain(`<a href="${path}/document" download>download</a>`);
    expect((await get(kit.url, `${path}/document`, asAdmin)).status).toBe(200);
  });
});
