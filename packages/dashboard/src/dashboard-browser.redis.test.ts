import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DirectoryBlobStore } from '@quarry/blobs';
import { extractPdfText } from '@quarry/documents';
import { textPdf } from '@quarry/documents/testing';
import {
  buildDlqRecord,
  DeadLetterWriter,
  emptyWorkflowStats,
  quarryKeys,
  WorkflowStatsStore,
} from '@quarry/queue';
import { type Browser, chromium, type Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { admin, attempt, dashboardTest, viewer } from './test-fixtures/dashboard-test-kit';
import { storeEvalRun } from './test-fixtures/eval-runs';
import { findChromium, INSTALL_CHROMIUM } from './test-fixtures/find-chromium';
import { groundedResult, groundedText, reviewEntryOf } from './test-fixtures/grounded-job';

const artifacts = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results');
/** Where `QUARRY_UPDATE_SCREENSHOTS=1` saves the overview, DLQ and Evals screenshots the docs show. */
const docsImages = fileURLToPath(new URL('../../../docs/images/', import.meta.url));
const blobDir = mkdtempSync(join(tmpdir(), 'quarry-browser-blobs-'));
const blobs = new DirectoryBlobStore({ dir: blobDir, maxBytes: 1024 * 1024, timeoutMs: 10_000 });
const it = dashboardTest({}, blobs);
afterAll(() => rmSync(blobDir, { recursive: true, force: true }));

/** The bytes a click on `link` downloads. */
async function downloaded(link: Locator): Promise<Uint8Array> {
  const [download] = await Promise.all([link.page().waitForEvent('download'), link.click()]);
  return new Uint8Array(await readFile(await download.path()));
}

describe('dashboard in a real browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    const found = await findChromium();
    try {
      browser = await chromium.launch({
        executablePath: found.executablePath,
        env: { ...process.env, ...found.env },
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
    } catch (error) {
      const why = (error as Error).message.split('\n')[0];
      throw new Error(
        `Chromium at ${found.executablePath} (${found.source}) did not start: ${why}. Install one with: ${INSTALL_CHROMIUM}`,
        { cause: error },
      );
    }
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('logs in, opens the DLQ and shows a record with its reason', async ({ kit }) => {
    const { url, seed } = kit;
    const record = await seed({
      jobId: 'browser-1',
      message: 'no valid reply in 3 attempts: title stayed a number',
    });
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    await page.goto(`${url}/queues/queue/extraction-dlq`);
    await page.getByLabel('User').fill(admin.name);
    await page.getByLabel('Password').fill(admin.password);
    errors.length = 0; // the page before logging in was a 401 on purpose
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${url}/queues/queue/extraction-dlq`);

    const card = page.getByText('note@v1 · validation_exhausted').first();
    await card.waitFor({ timeout: 15_000 });
    await page
      .getByText('no valid reply in 3 attempts: title stayed a number')
      .first()
      .waitFor({ timeout: 15_000 });
    await mkdir(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, 'dashboard-dlq.png'), fullPage: false });
    expect(await page.content()).toContain(record.dlqId);

    await page.goto(`${url}/dlq`);
    await page.getByText('title: expected string, received number').first().waitFor();
    await page.screenshot({ path: join(artifacts, 'triage-dlq.png'), fullPage: false });

    // The Batches page, reached from the navigation, shows a batch of the batch lane.
    const batches = quarryKeys({ prefix: kit.prefix }).batch;
    await kit.redis.hset(batches.record('msgbatch_browser1'), {
      batchId: 'msgbatch_browser1',
      model: 'claude-haiku-5-5',
      submittedAt: String(Date.now() - 60_000),
      requests: '2',
      status: 'ended',
      'n:succeeded': '2',
      costUsd: '0.0012',
    });
    await kit.redis.zadd(batches.recent(), Date.now() - 60_000, 'msgbatch_browser1');
    await page.getByRole('link', { name: 'Batches' }).click();
    await page.waitForURL(`${url}/batches`);
    await page.getByRole('link', { name: 'msgbatch_browser1' }).click();
    await page.getByText('2 succeeded · 0 errored · 0 expired · 0 canceled · 0 pending').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Batch msgbatch_browser1');
    await page.screenshot({ path: join(artifacts, 'batches.png'), fullPage: false });
    // bull-board's page links a web font from a third-party host; the CSP blocks it by design.
    expect(errors.filter((error) => !error.includes('https://fonts.googleapis.com/'))).toEqual([]);
    await page.close();
  }, 60_000);

  it("opens a grounded job's page and highlights a field's span on hover and click", async ({ kit }) => {
    const { url } = kit;
    await kit.complete({
      jobId: 'browser-grounded',
      data: { workflow: 'grounded-invoice', version: 1, input: { text: groundedText } },
      result: groundedResult(),
    });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });

    await page.goto(`${url}/jobs/browser-grounded`);
    await page.getByLabel('User').fill(viewer.name);
    await page.getByLabel('Password').fill(viewer.password);
    errors.length = 0; // the page before logging in was a 401 on purpose
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${url}/jobs/browser-grounded`);

    // The document's markup is text on the page, never run or rendered.
    await page.getByText('<script>alert("doc")</script> ACME & Co.').first().waitFor();
    const vendorName = page.locator('li.field', { has: page.locator('code', { hasText: /^vendorName$/ }) });
    const vendorNameSpan = page.locator('pre.document mark[data-fields~="2"]');
    const vendorOnly = page.locator('pre.document mark[data-fields="1"]');
    expect(await vendorNameSpan.count()).toBe(1);
    expect(await vendorNameSpan.textContent()).toBe('ACME & Co.');
    expect(await vendorNameSpan.getAttribute('class')).toBeNull();

    // Hover: the field's span is highlighted, the rest of the overlapping vendor span is not.
    await vendorName.hover();
    await expect.poll(() => vendorNameSpan.getAttribute('class')).toBe('active');
    expect(await vendorOnly.getAttribute('class')).toBeNull();
    // Runs in the page (this package compiles without the DOM library).
    type InPage = { getComputedStyle(element: unknown): { backgroundColor: string } };
    const highlighted = await vendorNameSpan.evaluate(
      (mark) => (globalThis as unknown as InPage).getComputedStyle(mark).backgroundColor,
    );
    expect(highlighted).toBe('rgb(255, 216, 77)');

    // Click keeps it highlighted after the pointer leaves; a failed field is marked.
    await vendorName.click();
    await page.locator('h1').hover();
    await expect.poll(() => vendorNameSpan.getAttribute('class')).toBe('active');
    expect(await vendorName.getAttribute('class')).toContain('active');
    const due = page.locator('li.field', { has: page.locator('code', { hasText: /^due$/ }) });
    expect(await due.textContent()).toContain('quote not found');
    await mkdir(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, 'job-document-view.png'), fullPage: true });
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("shows a PDF job's pages with their spans and downloads the original, on its job page and the review page", async ({
    kit,
  }) => {
    const { url } = kit;
    const pdf = await textPdf([['Invoice INV-7'], ['Total: 1.234,56 EUR']]);
    const { key } = await blobs.put({ bytes: pdf });
    const text = await extractPdfText({ bytes: pdf });
    if (text.type !== 'ok') throw new Error('the test PDF has no text');
    const start = text.pages[1]?.text.indexOf('1.234,56 EUR') ?? -1;
    const result = groundedResult({
      total: { start, end: start + 12, quote: '1.234,56 EUR', match: 'exact', page: 2 },
    });
    await kit.complete({
      jobId: 'browser-pdf',
      data: {
        workflow: 'grounded-invoice',
        version: 1,
        input: { document: { mediaType: 'application/pdf', source: { type: 'blob', key } } },
      },
      result,
    });
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${url}/jobs/browser-pdf`);
    await page.getByLabel('User').fill(viewer.name);
    await page.getByLabel('Password').fill(viewer.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${url}/jobs/browser-pdf`);

    // The second page's view works on its own: hovering its field highlights its span there.
    await page.getByText('Page 2 of 2').waitFor();
    const second = page.locator('section.docview').nth(1);
    const total = second.locator('li.field', { has: page.locator('code', { hasText: /^total$/ }) });
    const span = second.locator('pre.document mark');
    expect(await span.textContent()).toBe('1.234,56 EUR');
    await total.hover();
    await expect.poll(() => span.getAttribute('class')).toContain('active');

    expect(await downloaded(page.getByRole('link', { name: 'download' }))).toEqual(pdf);
    await page.screenshot({ path: join(artifacts, 'job-pdf-pages.png'), fullPage: true });

    // The review page unfolds the same pages under the job's row, with the same download.
    await kit.flag(reviewEntryOf('browser-pdf', result));
    await page.getByRole('link', { name: 'Review' }).click();
    await page.waitForURL(`${url}/review`);
    const unfolded = page.locator('tr.review-document details');
    expect(await unfolded.locator('section.docview').first().isVisible()).toBe(false);
    await unfolded.locator('summary').click();
    await page.getByText('Page 2 of 2').waitFor();
    const reviewTotal = unfolded
      .locator('section.docview')
      .nth(1)
      .locator('li.field', { has: page.locator('code', { hasText: /^total$/ }) });
    const reviewSpan = unfolded.locator('section.docview').nth(1).locator('pre.document mark');
    expect(await reviewSpan.textContent()).toBe('1.234,56 EUR');
    await reviewTotal.click();
    await page.locator('h1').hover();
    await expect.poll(() => reviewSpan.getAttribute('class')).toContain('active');
    expect(await downloaded(unfolded.getByRole('link', { name: 'download' }))).toEqual(pdf);
    await page.screenshot({ path: join(artifacts, 'review-pdf-pages.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
  it('screenshots each page an operator opens and shows first what they must see', async ({ kit }) => {
    const { url } = kit;
    const { queues } = kit.dashboard.triage;
    const now = Date.now();
    // What the pages draw: finished jobs, a workflow version's statistics, a dead letter with a top
    // issue, a grounded job waiting for review, a batch in flight.
    for (let i = 0; i < 30; i += 1) {
      await kit.redis.zadd(queues.queue.toKey('completed'), now - i * 97_000, `done-${i}`);
    }
    await new WorkflowStatsStore({ redis: kit.redis, keys: queues.keys }).record(
      { workflow: 'grounded-invoice', version: 1 },
      {
        ...emptyWorkflowStats(),
        firstAttempts: 30,
        firstAttemptFailures: 6,
        calls: 38,
        validJobs: 29,
        costUsd: 0.087,
      },
    );
    const record = await kit.seed({ jobId: 'operator-1', message: 'no valid reply in 2 attempts' });
    // More of the same failure over the day, for the sparkline.
    const writer = new DeadLetterWriter({ queue: queues.dlq, keys: queues.keys });
    for (const [i, hoursAgo] of [20, 9, 8, 8, 3, 2, 2, 2, 1].entries()) {
      await writer.write(
        buildDlqRecord({
          job: {
            id: `operator-earlier-${i}`,
            timestamp: now - hoursAgo * 3_600_000 - 60_000,
            data: { workflow: 'note', version: 1, input: { text: `note ${i}` } },
            attemptsMade: 1,
          },
          reason: { kind: 'validation_exhausted', message: 'no valid reply in 2 attempts' },
          attempts: [attempt(1), attempt(2)],
          deadLetteredAt: new Date(now - hoursAgo * 3_600_000),
        }),
      );
    }
    await kit.complete({
      jobId: 'operator-grounded',
      data: { workflow: 'grounded-invoice', version: 1, input: { text: groundedText } },
      result: groundedResult(),
    });
    await kit.flag(reviewEntryOf('operator-grounded', groundedResult()));
    const batches = quarryKeys({ prefix: kit.prefix }).batch;
    await kit.redis.hset(batches.record('msgbatch_operator'), {
      batchId: 'msgbatch_operator',
      model: 'claude-haiku-5-5',
      submittedAt: String(now - 120_000),
      requests: '40',
      status: 'in_progress',
      'n:succeeded': '25',
      costUsd: '0.0100',
    });
    await kit.redis.zadd(batches.recent(), now - 120_000, 'msgbatch_operator');
    await kit.redis.zadd(batches.inFlight(), now - 120_000, 'msgbatch_operator');
    // Two evaluation runs of the same set: the newer one gets an invoice's total wrong and loses one.
    const evalRuns = { redis: kit.redis, keys: queues.keys };
    await storeEvalRun({ ...evalRuns, runId: 'invoice-v1-20261126T091500-3f9a1c' });
    await storeEvalRun({
      ...evalRuns,
      runId: 'invoice-v1-20261127T101500-8b2e07',
      outcomes: {
        'inv-2': { data: { number: 'INV-2', total: 21, lines: [{ sku: 'INV-2-A', amount: 20 }] } },
        'inv-3': 'dead-lettered',
      },
    });

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${url}/`);
    await page.getByLabel('User').fill(admin.name);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${url}/`);
    const shots = mkdtempSync(join(tmpdir(), 'quarry-operator-pages-'));
    /** Screenshots the page; `first` must be visible without scrolling. */
    const check = async (name: string, first: Locator[]) => {
      for (const locator of first) {
        await locator.waitFor();
        const box = await locator.boundingBox();
        expect({ name, top: box ? box.y + box.height <= 900 : false }).toEqual({ name, top: true });
      }
      await page.screenshot({ path: join(shots, `${name}.png`) });
      if (process.env.QUARRY_UPDATE_SCREENSHOTS === '1' && ['overview', 'dlq', 'evals'].includes(name)) {
        await page.screenshot({ path: join(docsImages, `${name}.png`) });
      }
    };

    await check('overview', [
      page.getByRole('heading', { name: 'Jobs per minute by outcome' }),
      page.getByRole('img', { name: 'Jobs per minute by outcome over the last hour' }),
      page.getByRole('heading', { name: 'DLQ arrivals per fingerprint' }),
      page.getByRole('link', { name: record.fingerprint }),
    ]);
    await expect(
      page.getByRole('heading', { name: 'First-attempt validity and cost per valid extraction' }).isVisible(),
    ).resolves.toBe(true);
    expect(await page.getByText('1 job(s) waiting for review').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'msgbatch_operator' }).count()).toBe(1);

    await page.getByRole('link', { name: 'Dead letters' }).click();
    await check('dlq', [
      page.locator('.headline', { hasText: 'title: expected string, received number' }).first(),
    ]);

    await page.getByRole('link', { name: record.dlqId }).click();
    await check('dlq-detail', [
      page.locator('p.why', {
        hasText:
          'Why: validation_exhausted after 2 model calls; top issue (seen 2×) title: expected string, received number',
      }),
      page.locator('code.command', { hasText: `quarry replay-dlq --ids ${record.dlqId} --dry-run` }),
    ]);
    expect(await page.locator('section.docview pre.document').textContent()).toBe('note operator-1');

    await page.getByRole('link', { name: 'Review' }).click();
    await check('review', [
      page.getByRole('heading', { level: 2 }).first(),
      page.getByRole('button', { name: 'Accept', exact: true }),
    ]);
    await page.getByRole('link', { name: 'operator-grounded' }).first().click();
    await check('job', [page.getByText('needs review', { exact: true })]);
    await page.getByRole('link', { name: 'Batches' }).click();
    await check('batches', [page.getByRole('link', { name: 'msgbatch_operator' })]);

    await page.getByRole('link', { name: 'Evals' }).click();
    await check('evals', [
      page.getByRole('link', { name: 'invoice-v1-20261127T101500-8b2e07' }),
      page.getByRole('img', { name: 'run invoice-v1-20261126T091500-3f9a1c: F1 1.000' }),
      page.getByRole('button', { name: 'Compare' }),
    ]);
    await page.getByRole('link', { name: 'compare with the previous run' }).click();
    await check('eval-compare', [page.locator('tr.mark-drop', { hasText: 'total' })]);
    await page.getByRole('link', { name: 'invoice-v1-20261127T101500-8b2e07' }).first().click();
    await check('eval-run', [
      page.getByRole('heading', { name: 'F1 per field, worst first' }),
      page.getByRole('img', { name: 'field total: F1 0.400' }),
    ]);
    await page.getByRole('link', { name: 'inv-2' }).click();
    await check('eval-item', [page.locator('li.diff-different', { hasText: 'total' }).first()]);
    expect(await page.locator('section.docview pre.document').textContent()).toBe(
      'Invoice INV-2 from Globex, total 20.00',
    );

    // Accept in the page: the job leaves the review list.
    await page.getByRole('link', { name: 'Review' }).click();
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByText('Accepted 1 job(s).').waitFor();
    await page.getByText('No job waits for review.').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);
});
