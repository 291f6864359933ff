import type { DlqReasonKind, DlqRecord } from '@quarry/queue';
import type { Redis } from 'ioredis';
import { describe, expect } from 'vitest';
import { LIST_ROWS } from './pages/dlq-list-page';
import { asAdmin, asViewer, type DashboardTestKit, dashboardTest } from './test-fixtures/dashboard-test-kit';

const it = dashboardTest();

/** Seeds `count` records, every other one `no_progress` (all dead-lettered in the same millisecond). */
async function seedMany(kit: DashboardTestKit, count: number): Promise<DlqRecord[]> {
  const records: DlqRecord[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, (_, k) => start + k);
    const kind = (i: number): DlqReasonKind => (i % 2 === 0 ? 'validation_exhausted' : 'no_progress');
    records.push(...(await Promise.all(batch.map((i) => kit.seed({ jobId: `p${i}`, kind: kind(i) })))));
  }
  return records;
}

/** DLQ ids in list order: newest first, ties (one millisecond here) by DLQ id, descending. */
const listOrder = (records: readonly DlqRecord[]) =>
  records.map((record) => record.dlqId).sort((a, b) => (a < b ? 1 : -1));

/** One list page: its text, the DLQ ids of its rows and the address of the next page, if any. */
async function listPage(url: string, path: string, headers = asViewer) {
  const response = await fetch(`${url}${path}`, { headers });
  const text = await response.text();
  const ids = [...text.matchAll(/<a href="\/dlq\/(dlq-[0-9a-f]{32})">/g)].map((match) => match[1] as string);
  const next = /<a rel="next" href="([^"]+)">Older records<\/a>/.exec(text)?.[1]?.replaceAll('&amp;', '&');
  return { status: response.status, text, ids, next };
}

/** Every page from `path` on, following the "Older records" links. */
async function allPages(url: string, path: string) {
  const pages = [await listPage(url, path)];
  for (let next = pages[0]?.next; next !== undefined && pages.length < 10; next = pages.at(-1)?.next) {
    pages.push(await listPage(url, next));
  }
  return pages;
}

/** Counts the commands sent on `redis` by name while `body` runs. */
async function countingCommands<T>(redis: Redis, body: () => Promise<T>) {
  const counts = new Map<string, number>();
  const send = redis.sendCommand;
  redis.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
    counts.set(command.name, (counts.get(command.name) ?? 0) + 1);
    return (send as (...args: unknown[]) => unknown).call(redis, command, ...rest);
  }) as typeof redis.sendCommand;
  try {
    return { result: await body(), counts };
  } finally {
    redis.sendCommand = send;
  }
}

describe('the DLQ list page by page', () => {
  it('shows every record once across pages, with the count of all of them', async ({ kit }) => {
    const { url } = kit;
    const records = await seedMany(kit, 450);
    const pages = await allPages(url, '/dlq');
    expect(pages.map((page) => page.ids.length)).toEqual([200, 200, 50]);
    expect(pages.flatMap((page) => page.ids)).toEqual(listOrder(records));
    expect(pages.map((page) => page.text.includes('450 record(s).'))).toEqual([true, true, true]);
    expect(pages[0]?.text).toContain('Showing 1–200, newest first.');
    expect(pages[2]?.text).toContain('Showing 401–450, newest first.');
    expect(pages[0]?.text).not.toContain('>Newest</a>');
    expect(pages[1]?.text).toContain('<a href="/dlq">Newest</a>');
    const asAdminPage = await listPage(url, pages[0]?.next as string, asAdmin);
    expect(asAdminPage.text).toContain('Replay all (450 now)');
  });

  it('counts and pages what the filters match, and keeps a limit across pages', async ({ kit }) => {
    const { url } = kit;
    const records = await seedMany(kit, 450);
    const stalled = records.filter((record) => record.reason.kind === 'no_progress');
    const filtered = await allPages(url, '/dlq?reason=no_progress');
    expect(filtered.map((page) => page.ids.length)).toEqual([200, 25]);
    expect(filtered.flatMap((page) => page.ids)).toEqual(listOrder(stalled));
    expect(filtered[1]?.text).toContain('225 record(s) match.');
    expect(filtered[0]?.next).toMatch(/^\/dlq\?reason=no_progress&after=dlq-[0-9a-f]{32}&shown=200$/);
    const admins = await listPage(url, '/dlq?reason=no_progress', asAdmin);
    expect(admins.text).toContain('Replay all matching (225 now)');

    const limited = await allPages(url, '/dlq?limit=250');
    expect(limited.map((page) => page.ids.length)).toEqual([200, 50]);
    expect(limited.flatMap((page) => page.ids)).toEqual(listOrder(records).slice(0, 250));
    expect(limited[1]?.text).toContain('250 record(s) match.');
    const small = await allPages(url, '/dlq?limit=30');
    expect(small.map((page) => [page.ids.length, page.next])).toEqual([[30, undefined]]);
  });

  it(`reads at most ${LIST_ROWS + 1} records for a page of a DLQ of 1,000`, async ({ kit }) => {
    const { url, redis } = kit;
    await seedMany(kit, 1000);
    await listPage(url, '/dlq?limit=1'); // indexes are checked once
    const { result, counts } = await countingCommands(redis, () => listPage(url, '/dlq'));
    expect(result.ids).toHaveLength(LIST_ROWS);
    expect(result.text).toContain('1000 record(s).');
    expect(counts.get('hgetall')).toBeLessThanOrEqual(LIST_ROWS + 1);
    const next = await countingCommands(redis, () => listPage(url, result.next as string));
    expect(next.result.ids).toHaveLength(LIST_ROWS);
    expect(next.counts.get('hgetall')).toBeLessThanOrEqual(LIST_ROWS + 1);
  });

  it('names bad paging values on the page', async ({ kit }) => {
    const { url } = kit;
    const [record] = await seedMany(kit, 3);
    const after = record?.dlqId as string;
    const cases: [string, string][] = [
      ['after=meta', 'after: must be a DLQ id (dlq- and 32 hex digits), got &quot;meta&quot;'],
      ['after=%3Cb%3E', 'after: must be a DLQ id (dlq- and 32 hex digits), got &quot;&lt;b&gt;&quot;'],
      [`after=${after}&shown=-1`, 'shown: must be a whole number from 0 to 1000000000, got &quot;-1&quot;'],
      [`after=${after}&shown=1e3`, 'shown: must be a whole number from 0 to 1000000000, got &quot;1e3&quot;'],
      [`after=${after}&shown=99999999999`, 'shown: must be a whole number from 0 to 1000000000'],
      ['shown=5', 'shown: needs after'],
      [`limit=5&after=${after}&shown=5`, 'shown: must be below --limit (5), got 5'],
      [
        'after=dlq-00000000000000000000000000000000',
        'No DLQ record &quot;dlq-00000000000000000000000000000000&quot;',
      ],
    ];
    for (const [query, problem] of cases) {
      const page = await listPage(url, `/dlq?${query}`);
      expect({ query, status: page.status, problem: page.text.includes(problem) }).toEqual({
        query,
        status: 400,
        problem: true,
      });
      expect(page.text).not.toContain('<b>');
    }
  });
});
