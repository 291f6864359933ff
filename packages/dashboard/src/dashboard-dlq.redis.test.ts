import { describe, expect } from 'vitest';
import {
  adminForm,
  asAdmin,
  asViewer,
  attempt,
  csrfTokenOf,
  dashboardTest,
} from './test-fixtures/dashboard-test-kit';

const it = dashboardTest();

interface BoardJob {
  id: string;
  name: string;
  data: Record<string, unknown> & { input: { input: { text: unknown } } };
}

async function dlqJobs(url: string): Promise<BoardJob[]> {
  const response = await fetch(`${url}/queues/api/queues?activeQueue=extraction-dlq&status=latest&page=1`, {
    headers: asViewer,
  });
  const body = (await response.json()) as { queues: { name: string; jobs: BoardJob[] }[] };
  return body.queues.find((queue) => queue.name === 'extraction-dlq')?.jobs ?? [];
}

describe('DLQ entries in bull-board', () => {
  it('are named workflow@version · reason, show reason and fingerprint first and the document as a preview', async ({
    kit,
  }) => {
    const { url, seed } = kit;
    const text = `${'Invoice line. '.repeat(100)}END`;
    const record = await seed({ jobId: 'long-doc', text, message: 'no valid reply in 2 attempts: title' });
    const [job] = await dlqJobs(url);
    expect(job?.id).toBe(record.dlqId);
    expect(job?.name).toBe('note@v1 · validation_exhausted');
    expect(Object.keys(job?.data ?? {}).slice(0, 2)).toEqual(['reason', 'fingerprint']);
    expect(job?.data.reason).toBe('validation_exhausted: no valid reply in 2 attempts: title');
    expect(job?.data.fingerprint).toBe(record.fingerprint);
    expect(job?.data.input.input.text).toEqual({ preview: text.slice(0, 500), length: text.length });
    // The stored record keeps the whole document for replay.
    const stored = await kit.dashboard.triage.queues.dlq.getJob(record.dlqId);
    expect(stored?.data.input.input.text).toBe(text);
  });

  it('show the DLQ with no "No workers" alarm (workers unknown) and link back to the triage pages', async ({
    kit,
  }) => {
    const response = await fetch(`${kit.url}/queues/api/queues?activeQueue=extraction-dlq&page=1`, {
      headers: asViewer,
    });
    const { queues } = (await response.json()) as { queues: { name: string; hasWorkers: unknown }[] };
    expect(Object.fromEntries(queues.map((queue) => [queue.name, queue.hasWorkers]))).toEqual({
      extraction: false,
      'extraction-dlq': null,
    });
    const board = await (
      await fetch(`${kit.url}/queues`, { headers: { accept: 'text/html', ...asViewer } })
    ).text();
    expect(board).toContain(
      '"miscLinks":[{"text":"Quarry overview","url":"/"},{"text":"Dead letters (triage)","url":"/dlq"}',
    );
  });

  it('have one log line per attempt', async ({ kit }) => {
    const { url, seed } = kit;
    const record = await seed({ jobId: 'logged' });
    const response = await fetch(`${url}/queues/api/queues/extraction-dlq/${record.dlqId}/logs`, {
      headers: asViewer,
    });
    expect(await response.json()).toEqual([
      'attempt 1 · 1.5 s · 1 issue: schema:title:invalid_type · 900 in / 120 out tokens',
      'attempt 2 · 1.5 s · 1 issue: schema:title:invalid_type · 900 in / 120 out tokens',
    ]);
  });
});

describe('triage pages', () => {
  it('list records led by their top issue, with reason and fingerprint, and show one with its attempts and chain', async ({
    kit,
  }) => {
    const { url, seed } = kit;
    const record = await seed({ jobId: 'paged', message: 'the title stayed a number' });
    const list = await (await fetch(`${url}/dlq`, { headers: asViewer })).text();
    expect(list).toContain(record.dlqId);
    expect(list).toContain('<span class="headline">title: expected string, received number</span>');
    expect(list).toContain('validation_exhausted');
    expect(list).not.toContain('the title stayed a number');
    expect(list).toContain(record.fingerprint);
    expect(list).not.toContain('action="/replay"');
    const detail = await (await fetch(`${url}/dlq/${record.dlqId}`, { headers: asViewer })).text();
    expect(detail).toContain('expected string, received number');
    expect(detail).toContain('{&quot;title&quot;: 42}');
    expect(detail).toContain('Lineage (root job <code>paged</code>)');
    const main = detail.slice(detail.indexOf('<main>'));
    expect(main).toMatch(
      /^<main>\s*<h1>[^<]*<\/h1>\s*<section class="why-block"><p class="why"><strong>Why:<\/strong> validation_exhausted after 2 model calls; top issue \(seen 2×\) title: expected string, received number<\/p>/,
    );
    expect(main).toContain(`<code class="command">quarry replay-dlq --ids ${record.dlqId} --dry-run</code>`);
    expect(detail).toContain('<section class="docview">');
    expect(detail).toContain('<pre class="document">note paged</pre>');
    const missing = await fetch(`${url}/dlq/dlq-nope`, { headers: asViewer });
    expect(missing.status).toBe(404);
  });

  it('escape hostile issue paths and messages in the top issue and the why line', async ({ kit }) => {
    const { url, seed } = kit;
    const hostile = {
      ...attempt(1),
      issues: [
        {
          source: 'schema' as const,
          path: '<img src=x onerror=alert(1)>',
          code: 'custom',
          message: '</span><script>alert(1)</script>',
        },
      ],
    };
    const record = await seed({ jobId: 'hostile', attempts: [hostile] });
    for (const path of ['/dlq', `/dlq/${record.dlqId}`]) {
      const page = await (await fetch(`${url}${path}`, { headers: asViewer })).text();
      expect(page).not.toContain('<script>alert');
      expect(page).not.toContain('<img src=x');
      expect(page).toContain(
        '&lt;img src=x onerror=alert(1)&gt;: &lt;/span&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
      );
    }
  });

  it("show a split parent's children (failed first, capped, escaped) and link a child to its parent's job", async ({
    kit,
  }) => {
    const { url, seed } = kit;
    const parent = await seed({
      jobId: 'split-parent',
      kind: 'split_child_failed',
      message: 'child 57 of 60 failed',
      split: {
        splitId: 's-1',
        children: Array.from({ length: 60 }, (_, index) => ({
          index,
          jobId: `split-parent-c${index}`,
          status: index === 57 ? ('failed' as const) : ('completed' as const),
          pages: [index * 10 + 1, index * 10 + 10] as [number, number],
          paths: ['lines', 'total', 'date', '<b>vendor</b>'],
          ...(index === 57 ? { reason: 'validation_exhausted: <script>alert(1)</script>' } : {}),
          attempts: index === 57 ? 3 : 1,
          costUsd: 0.0015,
        })),
      },
    });
    const page = await (await fetch(`${url}/dlq/${parent.dlqId}`, { headers: asViewer })).text();
    const section = /<section class="split-children">([\s\S]*?)<\/section>/.exec(page)?.[1] ?? '';
    expect(section).toContain('<h2>Children (1 of 60 failed; split <code>s-1</code>)</h2>');
    expect(page.indexOf('class="why-block"')).toBeLessThan(page.indexOf('class="split-children"'));
    const rows = /<tbody>([\s\S]*)<\/tbody>/.exec(section)?.[1]?.match(/<tr[ >]/g) ?? [];
    expect(rows).toHaveLength(50);
    const first =
      /<tbody><tr class="reason">\s*<td>57<\/td><td>571–580<\/td><td>lines, total, date \+1 more<\/td>\s*<td><a href="\/jobs\/split-parent-c57"><code>split-parent-c57<\/code><\/a><\/td><td>failed<\/td><td>validation_exhausted: &lt;script&gt;alert\(1\)&lt;\/script&gt;<\/td>\s*<td>3<\/td><td>\$0\.0015<\/td>/;
    expect(section).toMatch(first);
    expect(section).toContain('<p class="muted">… and 10 more</p>');
    expect(page).not.toContain('<script>alert');

    const child = await seed({
      jobId: 'split-parent-c57',
      part: {
        splitId: 's-1',
        parentId: 'split-parent',
        index: 57,
        children: 60,
        source: 'text',
        window: { firstPage: 571, lastPage: 580, pages: 600 },
        paths: ['lines', 'total'],
        groups: 1,
        round: 0,
      },
    });
    const childPage = await (await fetch(`${url}/dlq/${child.dlqId}`, { headers: asViewer })).text();
    expect(childPage).toContain(
      '<p class="split-part">Child 57 of 60 of job <a href="/jobs/split-parent"><code>split-parent</code></a>: pages 571–580; fields lines, total</p>',
    );
    expect(childPage).not.toContain('class="split-children"');
  });

  it('say in words that the DLQ is empty, or that no record matches', async ({ kit }) => {
    const empty = await (await fetch(`${kit.url}/dlq`, { headers: asViewer })).text();
    expect(empty).toContain('No dead letters: every job so far completed or is still running.');
    expect(empty).not.toContain('<table>');
    const none = await (await fetch(`${kit.url}/dlq?reason=refused`, { headers: asViewer })).text();
    expect(none).toContain('No dead-letter record matches these filters.');
  });

  it('filter the list and name bad filters', async ({ kit }) => {
    const { url, seed } = kit;
    await seed({ jobId: 'kept', kind: 'no_progress' });
    await seed({ jobId: 'filtered-out' });
    const page = await (await fetch(`${url}/dlq?reason=no_progress`, { headers: asViewer })).text();
    expect(page).toContain('1 record(s) match');
    const bad = await fetch(`${url}/dlq?since=soon`, { headers: asViewer });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('--since: must be a duration ago');
  });

  it('show and filter refusals by category as refused:<category>', async ({ kit }) => {
    const { url, seed } = kit;
    await seed({ jobId: 'cyber', kind: 'refused', refusalCategory: 'cyber', message: 'The model refused' });
    await seed({ jobId: 'bio', kind: 'refused', refusalCategory: 'bio', message: 'The model refused' });
    const page = await (await fetch(`${url}/dlq?reason=refused%3Acyber`, { headers: asViewer })).text();
    expect(page).toContain('1 record(s) match');
    expect(page).toContain('<span class="reason muted">refused:cyber</span>');
    expect(page).toContain('<option value="refused:cyber" selected>');
    const all = await (await fetch(`${url}/dlq?reason=refused`, { headers: asViewer })).text();
    expect(all).toContain('2 record(s) match');
  });

  it('group records by fingerprint', async ({ kit }) => {
    const { url, seed } = kit;
    const record = await seed({ jobId: 'g1' });
    await seed({ jobId: 'g2' });
    const page = await (await fetch(`${url}/fingerprints`, { headers: asViewer })).text();
    expect(page).toContain('1 group(s)');
    expect(page).toContain(record.fingerprint);
    expect(page).toContain('schema:title:invalid_type');
    expect(page).toContain('2 dead · 0 replayed · 0 quarantined');
  });
});

describe('replay from the dashboard', () => {
  it('replays a whole fingerprint group through the triage service', async ({ kit }) => {
    const { url, seed, dashboard } = kit;
    const first = await seed({ jobId: 'grp-1' });
    const second = await seed({ jobId: 'grp-2' });
    const csrf = await csrfTokenOf(url, asAdmin);
    const response = await fetch(`${url}/replay`, adminForm({ fingerprint: first.fingerprint, _csrf: csrf }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Matched 2, replayed 2, skipped 0, failed 0.');
    for (const record of [first, second]) {
      expect(await dashboard.triage.queues.queue.getJob(`replay-${record.dlqId}-1`)).toBeDefined();
    }
    const again = await fetch(`${url}/replay`, adminForm({ fingerprint: first.fingerprint, _csrf: csrf }));
    expect(await again.text()).toContain('Matched 2, replayed 0, skipped 2, failed 0.');
    expect(await dashboard.triage.queues.queue.count()).toBe(2);
  });

  it('previews a replay with a dry run and changes nothing', async ({ kit }) => {
    const { url, seed, dashboard } = kit;
    const record = await seed({ jobId: 'dry' });
    const csrf = await csrfTokenOf(url, asAdmin);
    const response = await fetch(
      `${url}/replay`,
      adminForm({ ids: record.dlqId, dryRun: '1', toVersion: '2', _csrf: csrf }),
    );
    const page = await response.text();
    expect(page).toContain('Dry run: nothing was changed.');
    expect(page).toContain('note@v2');
    expect(await dashboard.triage.queues.queue.count()).toBe(0);
    expect((await dashboard.triage.showDlq(record.dlqId)).summary.state).toBe('dead');
  });

  it('names invalid overrides and failures', async ({ kit }) => {
    const { url, seed } = kit;
    const record = await seed({ jobId: 'bad-override' });
    const csrf = await csrfTokenOf(url, asAdmin);
    const invalid = await fetch(
      `${url}/replay`,
      adminForm({ ids: record.dlqId, maxAttempts: '0', _csrf: csrf }),
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('maxAttempts: Too small');
    const failed = await fetch(
      `${url}/replay`,
      adminForm({ ids: record.dlqId, toVersion: '9', _csrf: csrf }),
    );
    expect(failed.status).toBe(422);
    expect(await failed.text()).toContain(
      'workflow &quot;note&quot; has no version 9 (known versions: 1, 2)',
    );
    const nothing = await fetch(`${url}/replay`, adminForm({ _csrf: csrf }));
    expect(nothing.status).toBe(400);
    expect(await nothing.text()).toContain('choose the records to replay');
  });
});
