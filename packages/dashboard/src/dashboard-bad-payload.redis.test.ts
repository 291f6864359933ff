import { DeadLetterWriter, UnreadableJobData } from '@quarry/queue';
import { describe, expect } from 'vitest';
import { asAdmin, type DashboardTestKit, dashboardTest } from './test-fixtures/dashboard-test-kit';

const it = dashboardTest();
const asAdminJson = { ...asAdmin, accept: 'application/json' };

interface BoardQueue {
  name: string;
  jobs: { id: string; data: unknown }[];
}

/** Adds a job to the extraction queue, then overwrites its data with text that is not JSON. */
async function brokenJob(kit: DashboardTestKit): Promise<string> {
  const { dashboard, redis } = kit;
  const queue = dashboard.triage.queues.queue;
  const job = await queue.add('extract', { workflow: 'note', input: { text: 'a note' } });
  await redis.hset(queue.toKey(job.id as string), 'data', 'not json {\u001b[2J');
  return job.id as string;
}

describe('bull-board while a job whose stored data is not JSON exists', () => {
  it('row 58: bull-board and the triage pages while such a job exists -> answers 200 on every list of the extraction queue and shows the job with its raw text neutralised', async ({
    kit,
  }) => {
    const { url } = kit;
    const id = await brokenJob(kit);
    for (const status of ['latest', 'waiting', 'active', 'failed', 'completed', 'delayed']) {
      const response = await fetch(
        `${url}/queues/api/queues?activeQueue=extraction&status=${status}&page=1`,
        {
          headers: asAdminJson,
        },
      );
      expect({ status, code: response.status }).toEqual({ status, code: 200 });
      const body = (await response.json()) as { queues: BoardQueue[] };
      const jobs = body.queues.find((queue) => queue.name === 'extraction')?.jobs ?? [];
      if (status === 'latest' || status === 'waiting') {
        expect(jobs.find((job) => job.id === id)?.data).toEqual({
          unreadable: [
            expect.objectContaining({
              field: 'data',
              text: 'not json {\\u001b[2J',
              bytes: 14,
              truncated: false,
            }),
          ],
        });
      }
    }
    const single = await fetch(`${url}/queues/api/queues/extraction/${id}`, { headers: asAdminJson });
    expect(single.status).toBe(200);
    const overview = await fetch(`${url}/queues/api/queues`, { headers: asAdminJson });
    expect(overview.status).toBe(200);
    const page = await fetch(`${url}/queues/queue/extraction`, {
      headers: { ...asAdminJson, accept: 'text/html' },
    });
    expect(page.status).toBe(200);
  });
});

describe('triage pages for a bad_payload record', () => {
  it('list and show it, its raw text neutralised', async ({ kit }) => {
    const { url, dashboard } = kit;
    const { queues } = dashboard.triage;
    const data = UnreadableJobData.fromHash({ data: 'not json {\u001b]0;owned\u0007' });
    const written = await new DeadLetterWriter({ queue: queues.dlq, keys: queues.keys }).deadLetter({
      job: { id: 'broken-1', timestamp: Date.parse('2025-06-01T11:00:00Z'), data, attemptsMade: 0 },
      reason: { kind: 'bad_payload', message: data?.describe() ?? '' },
      attempts: [],
      jobAttempts: 1,
    });
    const list = await fetch(`${url}/dlq`, { headers: { ...asAdminJson, accept: 'text/html' } });
    expect(list.status).toBe(200);
    expect(await list.text()).toContain('bad_payload');
    const detail = await fetch(`${url}/dlq/${written.dlqId}`, {
      headers: { ...asAdminJson, accept: 'text/html' },
    });
    expect(detail.status).toBe(200);
    const html = await detail.text();
    // The text is kept with its controls escaped, then written as JSON: each escape shows as \\u followed by four hex digits.
    expect(html).toContain('not json {\\\\u001b]0;owned\\\\u0007');
    expect(html).not.toContain('\u001b');
  });
});
