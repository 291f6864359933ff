import {
  LabelledSetStore,
  queueDefaults,
  RedisHistoryStore,
  type ReviewEntry,
  ReviewIndex,
} from '@quarry/queue';
import { describe, expect } from 'vitest';
import { asAdmin, asViewer, type DashboardTestKit, dashboardTest } from './test-fixtures/dashboard-test-kit';

const it = dashboardTest();

const entry = (jobId: string, workflow = 'note'): ReviewEntry => ({
  jobId,
  workflow,
  version: 1,
  reasons: ['confidence is 0.4, below the review threshold 0.6'],
  flaggedAt: '2025-06-01T00:00:00.000Z',
  attempts: 1,
  costUsd: 0.001,
  data: { title: 'Extracted <b>title</b>' },
});

/** A job in the extraction queue (as a producer adds it) flagged for review (as the worker flags it). */
async function flagged(kit: DashboardTestKit, jobId: string, workflow = 'note'): Promise<void> {
  await kit.dashboard.triage.queues.queue.add(
    'extract',
    { workflow, version: 1, input: { text: `the note of ${jobId}` } },
    { jobId },
  );
  await kit.flag(entry(jobId, workflow));
}

const correctUrl = (kit: DashboardTestKit, jobId: string) =>
  `${kit.url}/review/${encodeURIComponent(jobId)}/correct`;

/** The Correct page of a job, as a browser asks for it. */
const correctPage = (kit: DashboardTestKit, jobId: string, headers: Record<string, string> = asAdmin) =>
  fetch(correctUrl(kit, jobId), { headers: { accept: 'text/html', ...headers } });

/** The admin's CSRF token, from the review page's forms. */
async function csrf(kit: DashboardTestKit): Promise<string> {
  const page = await (
    await fetch(`${kit.url}/review`, { headers: { accept: 'text/html', ...asAdmin } })
  ).text();
  const match = /name="_csrf" value="([^"]+)"/.exec(page);
  if (!match) throw new Error('no CSRF token on the review page');
  return match[1] as string;
}

/** Posts a Correct form: `output` with the admin's CSRF token unless `fields` gives one. */
async function postCorrect(
  kit: DashboardTestKit,
  jobId: string,
  fields: Record<string, string>,
  headers: Record<string, string> = { ...asAdmin, accept: 'text/html' },
): Promise<Response> {
  const token: Record<string, string> = '_csrf' in fields ? {} : { _csrf: await csrf(kit) };
  return fetch(correctUrl(kit, jobId), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ ...token, ...fields }),
  });
}

/** The JSON problem a refused Correct answers with. */
const problemOf = async (response: Response) =>
  (await response.json()) as { error: string; message: string; problems: string[] };

const storedItems = async (kit: DashboardTestKit) =>
  (
    await new LabelledSetStore({ redis: kit.redis, keys: kit.dashboard.triage.queues.keys }).read(
      'reviewed-note',
    )
  ).items;
const waiting = (kit: DashboardTestKit, jobId: string) =>
  new ReviewIndex({ redis: kit.redis, keys: kit.dashboard.triage.queues.keys }).get(jobId);

describe('Correct on the review page', () => {
  it('shows the extracted output as JSON to edit, to admins only, with no inline script', async ({ kit }) => {
    await flagged(kit, 'c1');
    const review = await (
      await fetch(`${kit.url}/review`, { headers: { accept: 'text/html', ...asAdmin } })
    ).text();
    expect(review).toContain('<a href="/review/c1/correct">Correct</a>');
    const page = await correctPage(kit, 'c1');
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain(
      '<textarea id="output" name="output" spellcheck="false" autocomplete="off">\n{\n  &quot;title&quot;: &quot;Extracted &lt;b&gt;title&lt;/b&gt;&quot;\n}</textarea>',
    );
    expect(body).toMatch(
      /<form method="post" action="\/review\/c1\/correct" class="correct"><input type="hidden" name="_csrf" value="[^"]+">/,
    );
    expect(body).not.toContain('<script');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");

    const viewer = await correctPage(kit, 'c1', asViewer);
    expect(viewer.status).toBe(403);
    expect(
      await (await fetch(`${kit.url}/review`, { headers: { accept: 'text/html', ...asViewer } })).text(),
    ).not.toContain('/correct');
    expect((await correctPage(kit, 'nobody')).status).toBe(404);
  });

  it('stores a valid correction in reviewed-<workflow> by the signed-in user and acknowledges the review', async ({
    kit,
  }) => {
    await flagged(kit, 'c2');
    const stored = await postCorrect(kit, 'c2', { output: '{\r\n  "title": "Right title"\r\n}' });
    expect(stored.status).toBe(303);
    expect(stored.headers.get('location')).toBe('/review?corrected=1');
    expect(await storedItems(kit)).toEqual([
      {
        id: 'c2',
        document: { kind: 'text', text: 'the note of c2' },
        expected: { title: 'Right title' },
        workflow: { name: 'note', version: 1 },
        tags: [],
        source: { jobId: 'c2', correctedAt: expect.any(String), correctedBy: 'alice' },
      },
    ]);
    expect(await waiting(kit, 'c2')).toBeNull();
    const history = new RedisHistoryStore({
      redis: kit.redis,
      keys: kit.dashboard.triage.queues.keys,
      ...queueDefaults.history,
    });
    expect(await history.topLessons({ workflow: 'note', version: 1 }, 5)).toEqual([
      expect.objectContaining({
        signature: 'review:title:corrected',
        count: 1,
        example: 'title was corrected in review: extracted "Extracted <b>title</b>", expected "Right title"',
      }),
    ]);
    const page = await (
      await fetch(`${kit.url}/review?corrected=1`, { headers: { accept: 'text/html', ...asAdmin } })
    ).text();
    expect(page).toContain('The correction was stored; the job left the review list.');
  });

  it('shows every problem and keeps the text when the output is not JSON or breaks the schema', async ({
    kit,
  }) => {
    await flagged(kit, 'c3');
    const typed = '{"title": "</textarea><script>alert(1)</script>",}';
    const badJson = await postCorrect(kit, 'c3', { output: typed });
    expect(badJson.status).toBe(400);
    const badPage = await badJson.text();
    expect(badPage).toContain(
      'the corrected output is not JSON: line 1, column 50: expected a property name in double quotes but found &#39;}&#39;; nothing was stored',
    );
    expect(badPage).toContain('&lt;/textarea&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot;,}</textarea>');
    expect(badPage).not.toContain('<script>alert');

    const invalid = await postCorrect(kit, 'c3', { output: '{"title": 42, "extra": true}' });
    expect(invalid.status).toBe(422);
    const invalidPage = await invalid.text();
    expect(invalidPage).toContain('the corrected output does not match the workflow&#39;s output schema');
    expect(invalidPage).toContain(
      '<li><code>title: Invalid input: expected string, received number</code></li>',
    );
    expect(invalidPage).toContain('{&quot;title&quot;: 42, &quot;extra&quot;: true}</textarea>');

    const json = await postCorrect(kit, 'c3', { output: '[]' }, asAdmin);
    expect([json.status, await json.json()]).toEqual([
      422,
      {
        error: 'invalid_output',
        message: "the corrected output does not match the workflow's output schema; nothing was stored",
        problems: ['(output): Invalid input: expected object, received array'],
      },
    ]);
    expect(await storedItems(kit)).toEqual([]);
    expect(await waiting(kit, 'c3')).not.toBeNull();
  });

  it('refuses without the admin role or the CSRF token, and names missing, unflagged and oversize input', async ({
    kit,
  }) => {
    await flagged(kit, 'c4');
    const output = '{"title": "T"}';
    const viewer = await postCorrect(kit, 'c4', { output, _csrf: 'x' }, asViewer);
    expect([viewer.status, await viewer.json()]).toEqual([
      403,
      { error: 'forbidden', message: 'correcting reviewed jobs needs the admin or reviewer role' },
    ]);
    const noToken = await postCorrect(kit, 'c4', { output, _csrf: '' });
    expect(noToken.status).toBe(403);
    const forged = await postCorrect(kit, 'c4', { output, _csrf: 'forged' });
    expect(forged.status).toBe(403);

    expect((await postCorrect(kit, 'c4', {}, asAdmin)).status).toBe(400);
    const missing = await postCorrect(kit, 'nobody', { output }, asAdmin);
    expect([missing.status, (await problemOf(missing)).error]).toEqual([404, 'job_missing']);
    await kit.dashboard.triage.queues.queue.add(
      'extract',
      { workflow: 'note', input: { text: 'x' } },
      { jobId: 'plain' },
    );
    const unflagged = await postCorrect(kit, 'plain', { output }, asAdmin);
    expect([unflagged.status, (await problemOf(unflagged)).message]).toEqual([
      409,
      'job "plain" is not waiting for review; nothing was stored',
    ]);
    await flagged(kit, 'retired-job', 'retired');
    const retired = await postCorrect(kit, 'retired-job', { output }, asAdmin);
    expect([retired.status, (await problemOf(retired)).error]).toEqual([409, 'unknown_workflow']);
    const big = await postCorrect(kit, 'c4', { output: `{"title": "${'x'.repeat(1024 * 1024)}"}` }, asAdmin);
    expect([big.status, (await problemOf(big)).error]).toEqual([413, 'too_large']);
    const huge = await postCorrect(kit, 'c4', { output: '\u00e9'.repeat(2 * 1024 * 1024) }, asAdmin);
    expect(huge.status).toBe(413);
    const longId = await postCorrect(kit, 'x'.repeat(600), { output }, asAdmin);
    expect(longId.status).toBe(400);

    expect(await storedItems(kit)).toEqual([]);
    expect(await waiting(kit, 'c4')).not.toBeNull();
  });

  it('shows a hostile job id as text', async ({ kit }) => {
    const id = '"><script>alert(1)</script>';
    await flagged(kit, id);
    const body = await (await correctPage(kit, id)).text();
    expect(body).not.toContain('<script>alert');
    expect(body).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(body).toContain(`action="/review/${encodeURIComponent(id).replace(/'/g, '&#39;')}/correct"`);
  });
});
