import { emptyWorkflowStats, WorkflowStatsStore } from '@quarry/queue';
import { describe, expect } from 'vitest';
import { asViewer, attempt, dashboardTest } from './test-fixtures/dashboard-test-kit';

const it = dashboardTest();

const overview = async (url: string) => {
  const response = await fetch(`${url}/`, { headers: { accept: 'text/html', ...asViewer } });
  return { status: response.status, text: await response.text() };
};

describe('the overview at /', () => {
  it('says in words that each panel is empty on a fresh queue', async ({ kit }) => {
    const page = await overview(kit.url);
    expect(page.status).toBe(200);
    for (const empty of [
      'No job completed or was dead-lettered in the last hour.',
      'No dead letter waits for a decision.',
      'No workflow version ran in the last 24 hours.',
      'No job waits for review.',
      'No batch is in flight.',
    ]) {
      expect(page.text).toContain(empty);
    }
    expect(page.text).toContain('<a href="/dlq">Dead letters</a>');
  });

  it('draws jobs per minute, validity and cost per version, DLQ sparklines and the review backlog', async ({
    kit,
  }) => {
    const { queues } = kit.dashboard.triage;
    const now = Date.now();
    await kit.redis.zadd(queues.queue.toKey('completed'), now - 1000, 'done-1', now - 61_000, 'done-2');
    const stats = new WorkflowStatsStore({ redis: kit.redis, keys: queues.keys });
    await stats.record(
      { workflow: 'note', version: 1 },
      {
        ...emptyWorkflowStats(),
        firstAttempts: 4,
        firstAttemptFailures: 1,
        calls: 5,
        validJobs: 4,
        costUsd: 0.02,
      },
    );
    const record = await kit.seed({ jobId: 'dead-1' });
    await kit.flag({
      jobId: 'flagged-1',
      workflow: 'note',
      version: 1,
      reasons: ['confidence is 0.4, below the review threshold 0.6'],
      flaggedAt: new Date(now - 7_200_000).toISOString(),
      attempts: 1,
      costUsd: 0.001,
      data: { title: 'x' },
    });
    const page = (await overview(kit.url)).text;
    expect(page).toContain('<h2>Jobs per minute by outcome</h2>');
    expect(page).toMatch(
      /<svg viewBox="0 0 640 160"[^>]*aria-label="Jobs per minute by outcome over the last hour"/,
    );
    expect(page).toContain('completed (2)');
    expect(page).toContain('note@v1');
    expect(page).toContain('75%');
    expect(page).toContain('$0.0050');
    expect(page).toContain(`<code>${record.fingerprint}</code>`);
    expect(page).toContain('<svg class="sparkline"');
    expect(page).toContain('<strong>1</strong> job(s) waiting for review</a>; the oldest for 2h.');
  });

  it('escapes hostile fingerprint group text and workflow names', async ({ kit }) => {
    const hostile = {
      ...attempt(1),
      issues: [{ source: 'schema' as const, path: 'x', code: 'c', message: '<script>alert(1)</script>' }],
    };
    await kit.seed({ jobId: 'evil', workflow: '<img src=x onerror=alert(1)>', attempts: [hostile] });
    const page = (await overview(kit.url)).text;
    expect(page).not.toContain('<script>alert');
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
