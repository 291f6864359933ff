import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryBlobStore } from '@quarry/blobs';
import { textPdf } from '@quarry/documents/testing';
import { EvalRunStore } from '@quarry/queue';
import { afterAll, describe, expect } from 'vitest';
import { asAdmin, asViewer, type DashboardTestKit, dashboardTest } from './test-fixtures/dashboard-test-kit';
import { evalItems, evalSet, storeEvalRun } from './test-fixtures/eval-runs';

const dir = mkdtempSync(join(tmpdir(), 'quarry-dashboard-evals-'));
const blobs = new DirectoryBlobStore({ dir, maxBytes: 1024 * 1024, timeoutMs: 10_000 });
const it = dashboardTest({}, blobs);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = async (url: string, path: string, headers: Record<string, string> = asViewer) => {
  const response = await fetch(`${url}${path}`, { headers: { accept: 'text/html', ...headers } });
  return { status: response.status, text: await response.text() };
};
const keysOf = (kit: DashboardTestKit) => kit.dashboard.triage.queues.keys;
const store = (
  kit: DashboardTestKit,
  runId: string,
  outcomes?: Parameters<typeof storeEvalRun>[0]['outcomes'],
) => storeEvalRun({ redis: kit.redis, keys: keysOf(kit), runId, ...(outcomes ? { outcomes } : {}) });
/** The rows of the first table with `class` on the page, as text without tags. */
const rowsOf = (page: string, tableClass: string) => {
  const table = page.slice(page.indexOf(`<table class="${tableClass}">`));
  const body = table.slice(0, table.indexOf('</table>'));
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].slice(1).map((match) =>
    (match[1] ?? '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
};

/** An output of inv-2 with its total wrong and its vendor left out. */
const wrongInvoice2 = { data: { number: 'INV-2', total: 21, lines: [{ sku: 'INV-2-A', amount: 20 }] } };

describe('the Evals pages', () => {
  it('say in words that no run is stored, and are linked from the navigation', async ({ kit }) => {
    const page = await get(kit.url, '/evals');
    expect(page.status).toBe(200);
    expect(page.text).toContain('No evaluation run is stored.');
    expect(page.text).toContain('<a href="/evals">Evals</a>');
    expect((await get(kit.url, '/', asAdmin)).text).toContain('<a href="/evals">Evals</a>');
  });

  it('list the stored runs newest first with their F1 as a bar, cost, and a way to compare two', async ({
    kit,
  }) => {
    await store(kit, 'run-1-base');
    await store(kit, 'run-2-new', { 'inv-2': wrongInvoice2, 'inv-3': 'dead-lettered' });
    const keys = keysOf(kit);
    await kit.redis.set(keys.evalRuns.run('run-3-broken'), '{"listing":');
    await kit.redis.zadd(keys.evalRuns.index(), Date.now(), 'run-3-broken');
    const page = (await get(kit.url, '/evals')).text;
    const ids = [...page.matchAll(/<td><a href="\/evals\/([^"]+)"><code>/g)].map((match) => match[1]);
    expect(ids).toEqual(['run-2-new', 'run-1-base']);
    expect(page).toContain(
      'The stored run <a href="/evals/run-3-broken"><code>run-3-broken</code></a> is unreadable.',
    );
    expect(page).toMatch(/<svg class="meter"[^>]*aria-label="run run-1-base: F1 1.000"/);
    expect(page).toContain('invoice@v1');
    expect(page).toContain(`<code>${evalSet}</code>`);
    expect(page).toContain('$0.0500'); // two completed items at $0.01, one dead-lettered at $0.03
    expect(page).toContain('<a href="/evals/compare?a=run-1-base&amp;b=run-2-new"');
    expect(page).toContain('<form method="get" action="/evals/compare"');
    expect(page).toContain('<option value="run-1-base" selected>');
    const broken = await get(kit.url, '/evals/run-3-broken');
    expect(broken.status).toBe(200);
    expect(broken.text).toContain('The stored run <code>run-3-broken</code> is unreadable');
    expect(broken.text).toContain('the stored run is not JSON');
  });

  it("show a run's scores, counts, cost, per-field F1 worst first and its wrong items", async ({ kit }) => {
    const report = await store(kit, 'run-1', { 'inv-2': wrongInvoice2, 'inv-3': 'dead-lettered' });
    const page = await get(kit.url, '/evals/run-1');
    expect(page.status).toBe(200);
    const { overall } = report.summary;
    expect(overall.f1).toBeLessThan(1);
    expect(page.text).toContain(`aria-label="overall: F1 ${overall.f1.toFixed(3)}"`);
    expect(page.text).toContain(`<dt>Precision</dt><dd>${overall.precision.toFixed(3)}</dd>`);
    expect(page.text).toContain(`<dt>Recall</dt><dd>${overall.recall.toFixed(3)}</dd>`);
    expect(page.text).toContain('<dt>Completed</dt><dd>2 (0 flagged for review)</dd>');
    expect(page.text).toContain('<dt>Dead-lettered</dt><dd>1</dd>');
    expect(page.text).toContain('<dt>Failed</dt><dd>0 ');
    expect(page.text).toContain('<dt>First-attempt validity</dt><dd>100% ');
    expect(page.text).toContain('$0.0500 in all, $0.0167 per item');
    const fields = rowsOf(page.text, 'fields').map((row) => row.split(' ')[0]);
    const f1s = report.summary.fields.map((field) => [field.field, field.f1] as const);
    expect(fields).toEqual([...f1s].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1)).map(([f]) => f));
    expect(fields[0]).toBe('total'); // wrong once (a false positive too), missing once: F1 0.4
    expect(fields.at(-1)).toBe('number');
    expect(page.text).toContain('Wrong items <span class="muted">(2 of 3)</span>');
    expect(page.text).toContain('<a href="/evals/run-1/items/inv-2"><code>inv-2</code></a>');
    expect(page.text).toContain('<a href="/evals/run-1/items/inv-3"><code>inv-3</code></a>');
    expect(page.text).not.toContain('/evals/run-1/items/inv-1"');
    expect(page.text).toContain('1 different, 1 missing');
    expect(page.text).toContain('dead-lettered</span> (validation_exhausted)');
  });

  it('compare two runs side by side and mark a field that fell by more than 0.02 as a drop', async ({
    kit,
  }) => {
    await store(kit, 'base');
    await store(kit, 'worse', { 'inv-2': wrongInvoice2 });
    const page = await get(kit.url, '/evals/compare?a=base&b=worse');
    expect(page.status).toBe(200);
    const rows = rowsOf(page.text, 'compare');
    expect(rows[0]).toMatch(/^F1 1\.000 0\.\d{3} -0\.\d{3} drop$/);
    const fields = page.text.slice(page.text.indexOf('F1 per field'));
    expect(fields).toMatch(/<tr class="mark-drop">\s*<td><code>total<\/code><\/td>/);
    expect(fields).toMatch(/<tr class="mark-drop">\s*<td><code>vendor<\/code><\/td>/);
    expect(fields).toMatch(
      /<tr class="mark-same">\s*<td><code>number<\/code><\/td>[\s\S]*?<td class="delta">0\.000<\/td>/,
    );
    expect(page.text).toContain('fell by more than 0.020 from A</strong>: the gate');
    const same = await get(kit.url, '/evals/compare?a=base&b=base');
    expect(same.text).toContain('No figure of B fell by more than 0.020 from A');
    expect(same.text).not.toContain('class="mark-drop"');
  });

  it("show an item's expected and extracted values side by side, the differing paths marked, and its document", async ({
    kit,
  }) => {
    await store(kit, 'run-1', { 'inv-2': wrongInvoice2 });
    const page = await get(kit.url, '/evals/run-1/items/inv-2');
    expect(page.status).toBe(200);
    const values = page.text.slice(0, page.text.indexOf('<h2>Differences</h2>'));
    const [expected, extracted] = values.split('<h3>Extracted');
    expect(expected).toMatch(
      /<li class="diff diff-different"><code>total<\/code> <span class="value">20<\/span>/,
    );
    expect(expected).toMatch(
      /<li class="diff diff-missing"><code>vendor<\/code> <span class="value">&quot;Globex&quot;<\/span>/,
    );
    expect(expected).toContain('<li><code>number</code> <span class="value">&quot;INV-2&quot;</span></li>');
    expect(extracted).toMatch(
      /<li class="diff diff-different"><code>total<\/code> <span class="value">21<\/span>/,
    );
    expect(extracted).not.toContain('Globex');
    expect(page.text).toContain('<td>missing: expected, not extracted</td>');
    expect(page.text).toContain('<pre class="document">Invoice INV-2 from Globex, total 20.00</pre>');
    // A dead-lettered item has no output; an item of a report of version 1 names what is not kept.
    await store(kit, 'run-2', { 'inv-3': 'dead-lettered' });
    expect((await get(kit.url, '/evals/run-2/items/inv-3')).text).toContain(
      'No output: the item was dead-lettered.',
    );
    const runs = new EvalRunStore({ redis: kit.redis, keys: keysOf(kit) });
    const stored = await runs.get('run-1');
    if (!stored) throw new Error('run-1 was not stored');
    const report = stored.report as { reportVersion: number; items: { extracted?: unknown }[] };
    report.reportVersion = 1;
    for (const item of report.items) delete item.extracted;
    await runs.save({ listing: { ...stored.listing, runId: 'run-v1' }, report });
    const old = await get(kit.url, '/evals/run-v1/items/inv-2');
    expect(old.status).toBe(200);
    expect(old.text).toContain('This report keeps no extracted values');
    expect(old.text).toMatch(/<li class="diff diff-different"><code>total<\/code>/);
  });

  it("show a PDF item's page text and serve its original, read-only for viewers", async ({ kit }) => {
    const pdf = await textPdf([['Invoice INV-9 <b>bold</b> from Hooli']]);
    const key = (await blobs.put({ bytes: pdf })).key;
    const items = [
      {
        id: 'pdf-1',
        document: { kind: 'blob' as const, key, mediaType: 'application/pdf' as const },
        expected: { number: 'INV-9' },
      },
    ];
    await storeEvalRun({ redis: kit.redis, keys: keysOf(kit), runId: 'pdf-run', items });
    const page = await get(kit.url, '/evals/pdf-run/items/pdf-1');
    expect(page.text).toContain('<h3 id="page-1">Page 1 of 1</h3>');
    expect(page.text).toContain('Invoice INV-9 &lt;b&gt;bold&lt;/b&gt; from Hooli');
    expect(page.text).toContain('<a href="/evals/pdf-run/items/pdf-1/document" download>download</a>');
    const download = await fetch(`${kit.url}/evals/pdf-run/items/pdf-1/document`, { headers: asViewer });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);
    expect((await fetch(`${kit.url}/evals/pdf-run/items/nope/document`, { headers: asViewer })).status).toBe(
      404,
    );
    const textItem = await fetch(`${kit.url}/evals/pdf-run/items/inv-1/document`, { headers: asViewer });
    expect(textItem.status).toBe(404);
    const post = await fetch(`${kit.url}/evals/pdf-run`, { method: 'POST', headers: asViewer });
    expect(post.status).toBe(404);
  });

  it('answer 404 for hostile or unknown run and item ids, 400 for a comparison without two runs', async ({
    kit,
  }) => {
    await store(kit, 'run-1');
    for (const path of [
      '/evals/nope',
      '/evals/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/evals/..%2F..%2Fetc',
      `/evals/${'x'.repeat(300)}`,
      '/evals/run-1/items/nope',
      '/evals/run-1/items/%3Cb%3Ex%3C%2Fb%3E',
      `/evals/run-1/items/${'i'.repeat(200)}`,
      '/evals/run-1/items/%00',
      '/evals/nope/items/inv-1',
      '/evals/compare?a=run-1&b=%3Cb%3Enope%3C%2Fb%3E',
      '/evals/compare?a=%22%3E%3Cscript%3E&b=run-1',
      '/evals/compare?a=run-1&b=compare',
    ]) {
      const page = await get(kit.url, path);
      expect({ path, status: page.status }).toEqual({ path, status: 404 });
      expect(page.text).not.toMatch(/<script>|<b>/);
    }
    expect((await get(kit.url, '/evals/%3Cb%3Enope%3C%2Fb%3E')).text).toContain(
      '<code>&lt;b&gt;nope&lt;/b&gt;</code>',
    );
    for (const path of [
      '/evals/compare',
      '/evals/compare?a=run-1',
      '/evals/compare?a=run-1&a=run-1&b=run-1',
      '/evals/%E0%A4%A',
      '/evals/run-1/items/%',
    ]) {
      expect({ path, status: (await get(kit.url, path)).status }).toEqual({ path, status: 400 });
    }
    const unreadable = await storeEvalRun({ redis: kit.redis, keys: keysOf(kit), runId: 'run-bad' });
    const runs = new EvalRunStore({ redis: kit.redis, keys: keysOf(kit) });
    const listing = (await runs.get('run-bad'))?.listing;
    if (!listing) throw new Error('run-bad was not stored');
    await runs.save({ listing, report: { ...unreadable, reportVersion: 99 } });
    for (const path of ['/evals/run-bad', '/evals/run-bad/items/inv-1', '/evals/compare?a=run-1&b=run-bad']) {
      const page = await get(kit.url, path);
      expect({ path, status: page.status }).toEqual({ path, status: 200 });
      expect(page.text).toContain(
        'is unreadable: its report is not an evaluation report this dashboard reads',
      );
      expect(page.text).toContain('<li>reportVersion: ');
    }
  });

  it('escape a hostile field path, item id and reasons wherever they are shown', async ({ kit }) => {
    const hostileId = '"><script>alert(1)</script>';
    const hostileKey = '<img src=x onerror=alert(1)>';
    const items = [
      ...evalItems().slice(0, 1),
      {
        id: hostileId,
        document: { kind: 'text' as const, text: '<script>alert("doc")</script>' },
        expected: { [hostileKey]: '<b>expected</b>', plain: 'x' },
      },
    ];
    await storeEvalRun({
      redis: kit.redis,
      keys: keysOf(kit),
      runId: 'hostile',
      items,
      outcomes: { [hostileId]: { data: { [hostileKey]: '<b>extracted</b>', plain: 'x' } } },
    });
    const pages = [
      await get(kit.url, '/evals'),
      await get(kit.url, '/evals/hostile'),
      await get(kit.url, `/evals/hostile/items/${encodeURIComponent(hostileId)}`),
      await get(kit.url, '/evals/compare?a=hostile&b=hostile'),
    ];
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.text).not.toContain('<script>alert');
      expect(page.text).not.toContain('<img src=x');
      expect(page.text).not.toContain('<b>');
    }
    const [, run, item, compare] = pages.map((page) => page.text);
    const escapedKey = '[&quot;&lt;img src=x onerror=alert(1)&gt;&quot;]';
    expect(run).toContain(`<code>${escapedKey}</code>`);
    expect(run).toContain(
      `<a href="/evals/hostile/items/${encodeURIComponent(hostileId)}"><code>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code></a>`,
    );
    expect(item).toContain('&lt;b&gt;extracted&lt;/b&gt;');
    expect(item).toContain('&lt;b&gt;expected&lt;/b&gt;');
    expect(item).toContain('<pre class="document">&lt;script&gt;alert(&quot;doc&quot;)&lt;/script&gt;</pre>');
    expect(compare).toContain(`<code>${escapedKey}</code>`);
  });
});
