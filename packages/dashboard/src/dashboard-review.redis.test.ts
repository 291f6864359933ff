import type { ReviewEntry } from '@quarry/queue';
import { describe, expect } from 'vitest';
import { asAdmin, asReviewer, asViewer, dashboardTest } from './test-fixtures/dashboard-test-kit';

const it = dashboardTest();

const entry = (jobId: string, reason: string, weakPath?: string): ReviewEntry => ({
  jobId,
  workflow: 'note',
  version: 1,
  reasons: [reason],
  ...(weakPath
    ? { weakFields: [{ path: weakPath, confidence: 0.3, reviewBelow: 0.6, reason: 'fuzzy match' }] }
    : {}),
  flaggedAt: '2025-06-01T00:00:00.000Z',
  attempts: 1,
  costUsd: 0.001,
  data: { title: 'x' },
});

const reviewHtml = async (url: string, query = '', headers: Record<string, string> = asAdmin) =>
  (await fetch(`${url}/review${query}`, { headers: { accept: 'text/html', ...headers } })).text();

/** The CSRF token of the Accept forms on the review page, as `headers`' user (default the admin) sees it. */
async function reviewCsrf(url: string, headers: Record<string, string> = asAdmin): Promise<string> {
  const match = /name="_csrf" value="([^"]+)"/.exec(await reviewHtml(url, '', headers));
  if (!match) throw new Error('no CSRF token on the review page');
  return match[1] as string;
}

/** Posts an Accept form (`fields` may repeat a name) with the admin's CSRF token unless one is given. */
async function accept(url: string, fields: [string, string][], headers: Record<string, string> = asAdmin) {
  const csrf: [string, string][] = fields.some(([name]) => name === '_csrf')
    ? []
    : [['_csrf', await reviewCsrf(url, headers)]];
  return fetch(`${url}/review/accept`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams([...csrf, ...fields]),
  });
}

describe('the review page', () => {
  it('groups jobs by reason and field, largest group first, with Accept buttons for admins only', async ({
    kit,
  }) => {
    await kit.flag(entry('c1', 'confidence is 0.4, below the review threshold 0.6'));
    await kit.flag(entry('g1', 'grounding: title is weak (0.3)', 'items[0].title'));
    await kit.flag(entry('g2', 'grounding: title is weak (0.2)', 'items[3].title'));
    const page = await reviewHtml(kit.url);
    const headings = [...page.matchAll(/<h2>(.*?)<\/h2>/g)].map((match) => match[1]);
    expect(headings).toEqual([
      'grounding · <code>items[].title</code> <span class="muted">(2)</span>',
      'confidence is #, below the review threshold # <span class="muted">(1)</span>',
    ]);
    expect(page).toContain('<button name="only" value="g1">Accept</button>');
    expect(page).toContain('Accept all 2 in this group');
    const viewer = await reviewHtml(kit.url, '', asViewer);
    expect(viewer).not.toContain('action="/review/accept"');
    expect(viewer).toContain('An admin or a reviewer accepts or corrects them here');
  });

  it('lets a reviewer accept and correct, and nothing else an admin does; a viewer neither', async ({
    kit,
  }) => {
    await kit.flag(entry('r1', 'confidence is 0.4, below 0.6'));
    const page = await reviewHtml(kit.url, '', asReviewer);
    expect(page).toContain('<button name="only" value="r1">Accept</button>');
    expect(page).toContain('href="/review/r1/correct"');
    const csrf = await reviewCsrf(kit.url, asReviewer);
    const accepted = await accept(kit.url, [['only', 'r1']], asReviewer);
    expect(accepted.status).toBe(303);
    expect(await reviewHtml(kit.url)).not.toContain('value="r1"');
    const correct = await fetch(`${kit.url}/review/r1/correct`, {
      headers: { accept: 'text/html', ...asViewer },
    });
    expect(correct.status).toBe(403);
    // Replaying stays the admin's.
    const replay = await fetch(`${kit.url}/replay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...asReviewer },
      body: new URLSearchParams([
        ['_csrf', csrf],
        ['ids', 'x'],
      ]),
    });
    expect(replay.status).toBe(403);
    expect(await replay.json()).toMatchObject({ message: 'replaying needs the admin role' });
  });

  it('accepts one job, the checked ones, or a group, and says what it did', async ({ kit }) => {
    for (const id of ['a', 'b', 'c', 'd']) await kit.flag(entry(id, 'confidence is 0.4, below 0.6'));
    const one = await accept(kit.url, [
      ['only', 'a'],
      ['jobId', 'b'],
    ]);
    expect(one.status).toBe(303);
    expect(one.headers.get('location')).toBe('/review?accepted=1&notWaiting=0');
    const bulk = await accept(kit.url, [
      ['jobId', 'b'],
      ['jobId', 'c'],
      ['jobId', 'a'],
    ]);
    expect(bulk.headers.get('location')).toBe('/review?accepted=2&notWaiting=1');
    const page = await reviewHtml(kit.url, '?accepted=2&notWaiting=1');
    expect(page).toContain('Accepted 2 job(s); 1 no longer waited for review.');
    expect(page).toContain('1 job(s) waiting for review');
    expect(page).toContain('<code>d</code>');
    expect(page).not.toContain('<code>a</code>');
  });

  it('refuses Accept without the admin role or a valid CSRF token, and names a bad form', async ({ kit }) => {
    await kit.flag(entry('kept', 'confidence is 0.4, below 0.6'));
    const asViewerPost = await accept(
      kit.url,
      [
        ['only', 'kept'],
        ['_csrf', 'x'],
      ],
      asViewer,
    );
    expect(asViewerPost.status).toBe(403);
    expect(await asViewerPost.json()).toMatchObject({
      message: 'accepting reviewed jobs needs the admin or reviewer role',
    });
    const noToken = await accept(kit.url, [
      ['only', 'kept'],
      ['_csrf', 'forged'],
    ]);
    expect(noToken.status).toBe(403);
    const empty = await accept(kit.url, []);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: 'select at least one job to accept' });
    const tooLong = await accept(kit.url, [['only', 'x'.repeat(600)]]);
    expect(tooLong.status).toBe(400);
    const tooMany = await accept(
      kit.url,
      Array.from({ length: 205 }, (_, i): [string, string] => ['jobId', `j${i}`]),
    );
    expect([400, 413]).toContain(tooMany.status);
    expect(await reviewHtml(kit.url)).toContain('<code>kept</code>');
  });

  it('shows hostile job ids and reasons as text, and ignores a notice count that is not a small number', async ({
    kit,
  }) => {
    await kit.flag(entry('"><script>alert(1)</script>', '<img src=x onerror=alert(1)>: 1'));
    const page = await reviewHtml(kit.url, '?accepted=<b>9</b>&notWaiting=-1');
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(page).not.toContain('role="status"');
  });
});
