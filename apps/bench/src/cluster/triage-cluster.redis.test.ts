import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '@quarry/cli';
import type { AttemptRecord } from '@quarry/core';
import { createDashboard, type Dashboard, loadDashboardConfig } from '@quarry/dashboard';
import {
  buildDlqRecord,
  DeadLetterWriter,
  type DlqRecord,
  openQueues,
  type QuarryQueues,
  quarryKeys,
  type RedisClient,
  ReviewIndex,
  redisClient,
} from '@quarry/queue';
import { deleteKeys, uniquePrefix } from '@quarry/testing';
import type { Cluster } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from './test-cluster';

/**
 * The operator's doors on a 3-master Redis Cluster: the dashboard's pages and Accept, and the CLI's
 * DLQ, review (with corrections into a labelled set), eval and batch commands, against a `redis+cluster://` URL (records written as the worker does).
 */
const attempt = (n: number): AttemptRecord => ({
  n,
  startedAt: '2026-11-27T00:00:00.000Z',
  durationMs: 1000,
  model: 'claude-haiku-4-5',
  strategy: 'structured',
  maxTokens: 4096,
  stopReason: 'end_turn',
  requestId: null,
  rawOutput: '{"total": "twelve"}',
  rawOutputTruncated: false,
  toolCallId: null,
  issues: [{ source: 'schema', path: 'total', code: 'invalid_type', message: 'expected number at total' }],
  usage: { inputTokens: 100, outputTokens: 20, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
  costUsd: 0.001,
});

const ticket = {
  category: 'billing',
  priority: 'normal',
  summary: 'Charged twice for the May invoice',
  customerEmail: null,
  confidence: 0.4,
};

let cluster: TestCluster;
let admin: RedisClient;
let queues: QuarryQueues;
let dashboard: Dashboard;
let url: string;
let record: DlqRecord;
const prefix = uniquePrefix('cluster-triage');

let dir: string;

const quarry = async (...argv: string[]) => {
  let stdout = '';
  let stderr = '';
  const code = await runCli({
    argv,
    context: {
      env: { REDIS_URL: cluster.url, QUARRY_PREFIX: prefix, QUARRY_BLOB_DIR: join(dir, 'blobs') },
      cwd: process.cwd(),
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
    },
  });
  return { code, stdout, stderr };
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quarry-cluster-triage-'));
  cluster = await startTestCluster();
  admin = redisClient(cluster.url, { role: 'worker' });
  queues = openQueues({ connection: admin, config: { prefix } });
  record = buildDlqRecord({
    job: {
      id: 'dead-1',
      timestamp: Date.now() - 60_000,
      data: { workflow: 'invoice', version: 1, input: { text: 'Invoice 7, total twelve' } },
      attemptsMade: 1,
    },
    reason: { kind: 'validation_exhausted', message: 'no valid reply in 2 attempts' },
    attempts: [attempt(1), attempt(2)],
    deadLetteredAt: new Date(),
  });
  await new DeadLetterWriter({ queue: queues.dlq, keys: queues.keys }).write(record);
  await new ReviewIndex({ redis: admin, keys: quarryKeys({ prefix }) }).flag({
    jobId: 'flagged-1',
    workflow: 'invoice',
    version: 1,
    reasons: ['confidence is 0.4, below the review threshold 0.6'],
    flaggedAt: new Date().toISOString(),
    attempts: 1,
    costUsd: 0.001,
    data: {},
  });
  await queues.queue.add(
    'extract',
    { workflow: 'support-ticket', version: 1, input: { text: 'I was charged twice' } },
    { jobId: 'flagged-2' },
  );
  await new ReviewIndex({ redis: admin, keys: quarryKeys({ prefix }) }).flag({
    jobId: 'flagged-2',
    workflow: 'support-ticket',
    version: 1,
    reasons: ['confidence is 0.4, below the review threshold 0.6'],
    flaggedAt: new Date().toISOString(),
    attempts: 1,
    costUsd: 0.001,
    data: { ...ticket, category: 'other' },
  });
  dashboard = createDashboard({
    config: loadDashboardConfig({
      REDIS_URL: cluster.url,
      QUARRY_PREFIX: prefix,
      DASHBOARD_AUTH: 'off',
      DASHBOARD_PORT: '0',
      LOG_LEVEL: 'silent',
    }),
    logger: pino({ level: 'silent' }),
    pruneIntervalMs: 0,
  });
  url = (await dashboard.listen()).url;
}, 60_000);

afterAll(async () => {
  await dashboard?.close();
  await queues?.close();
  if (admin) {
    for (const node of (admin as Cluster).nodes('master')) await deleteKeys(node, prefix);
    admin.disconnect();
  }
  await cluster?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('triage on a Redis Cluster, 3 masters (redis+cluster:// URL)', () => {
  it('the dashboard serves every page from the cluster', async () => {
    const get = async (path: string) => {
      const response = await fetch(`${url}${path}`, { headers: { accept: 'text/html' } });
      return { status: response.status, text: await response.text() };
    };
    expect((await get('/readyz')).status).toBe(200);
    const overview = await get('/');
    expect(overview.status).toBe(200);
    expect(overview.text).toContain('<h2>Jobs per minute by outcome</h2>');
    expect(overview.text).toContain(`<code>${record.fingerprint}</code>`);
    const list = await get('/dlq');
    expect(list.text).toContain('<span class="headline">total: expected number at total</span>');
    const detail = await get(`/dlq/${record.dlqId}`);
    expect(detail.text).toContain(`quarry replay-dlq --ids ${record.dlqId} --dry-run`);
    expect((await get('/fingerprints')).text).toContain(record.fingerprint);
    expect((await get('/batches')).status).toBe(200);
    const board = await fetch(`${url}/queues/api/queues?activeQueue=extraction-dlq&page=1`);
    expect(board.status).toBe(200);
  });

  it('the dashboard accepts a reviewed job on the cluster', async () => {
    const page = await (await fetch(`${url}/review`, { headers: { accept: 'text/html' } })).text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const response = await fetch(`${url}/review/accept`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf: csrf, only: 'flagged-1' }),
    });
    expect(response.headers.get('location')).toBe('/review?accepted=1&notWaiting=0');
  });

  it('the CLI lists, shows, groups and replays DLQ records (dry run first), and lists reviews, batches and statistics', async () => {
    const list = await quarry('dlq', 'list');
    expect(list).toMatchObject({ code: 0, stderr: '1 record(s)\n' });
    expect(list.stdout).toContain('total: expected number at total');
    const show = await quarry('dlq', 'show', record.dlqId);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain(`Next: quarry replay-dlq --ids ${record.dlqId} --dry-run`);
    expect((await quarry('dlq', 'groups')).code).toBe(0);
    const dryRun = await quarry('replay-dlq', '--ids', record.dlqId, '--dry-run');
    expect(dryRun.code).toBe(0);
    const replay = await quarry('replay-dlq', '--ids', record.dlqId, '--yes');
    expect(replay).toMatchObject({ code: 0 });
    expect((await queues.dlq.getJob(record.dlqId))?.data.replay).toMatchObject({ jobId: expect.any(String) });
    for (const argv of [
      ['review', 'list'],
      ['batches', 'list'],
      ['workflows', 'stats'],
    ]) {
      const run = await quarry(...argv);
      expect({ argv, code: run.code, stderr: run.stderr }).toMatchObject({ argv, code: 0 });
    }
  });

  it('the CLI stores a correction in a labelled set, lists, exports and deletes it on the cluster', async () => {
    const file = join(dir, 'corrected.json');
    await writeFile(file, JSON.stringify(ticket));
    const corrected = await quarry('review', 'correct', 'flagged-2', '--file', file, '--json');
    expect([corrected.code, corrected.stderr]).toEqual([0, '']);
    expect(JSON.parse(corrected.stdout)).toMatchObject({
      set: 'reviewed-support-ticket',
      correctedPaths: ['category'],
      history: 'recorded',
    });
    const sets = await quarry('eval', 'sets', '--json');
    expect(JSON.parse(sets.stdout).sets).toEqual([
      expect.objectContaining({ name: 'reviewed-support-ticket', items: 1, workflows: ['support-ticket'] }),
    ]);
    const out = join(dir, 'export');
    expect((await quarry('eval', 'export', 'reviewed-support-ticket', out)).code).toBe(0);
    expect(JSON.parse(await readFile(join(out, 'manifest.jsonl'), 'utf8'))).toEqual({
      id: 'flagged-2',
      text: 'I was charged twice',
      expected: ticket,
      workflow: 'support-ticket@1',
    });
    expect((await quarry('blobs', 'gc', '--dry-run', '--grace', '0s')).code).toBe(0);
    expect((await quarry('eval', 'delete', 'reviewed-support-ticket', '--yes')).code).toBe(0);
  });
});
