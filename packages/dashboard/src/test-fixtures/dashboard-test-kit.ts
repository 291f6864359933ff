import { randomBytes } from 'node:crypto';
import {
  type AttemptRecord,
  type BlobStore,
  defineWorkflow,
  type RefusalCategory,
  WorkflowRegistry,
} from '@quarry/core';
import {
  buildDlqRecord,
  DeadLetterWriter,
  type DlqReasonKind,
  type DlqRecord,
  type DlqSplit,
  type ExtractionJobResult,
  type JobPart,
  type ReviewEntry,
  ReviewIndex,
} from '@quarry/queue';
import { deleteKeys, test } from '@quarry/testing';
import { workflows } from '@quarry/workflows';
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { expect } from 'vitest';
import { z } from 'zod';
import { parseUsers } from '../auth/dashboard-user';
import { hashPassword } from '../auth/password-hash';
import { createDashboard, type Dashboard } from '../create-dashboard';
import type { DashboardConfig } from '../dashboard-config';
import { createDashboardLogger } from '../dashboard-logger';
import { groundedInvoice } from './grounded-job';

/** Credentials of the test users. */
export const admin = { name: 'alice', password: 'correct horse battery staple' } as const;
export const viewer = { name: 'victor', password: 'read-only-please' } as const;
const reviewer = { name: 'rita', password: 'accepts-and-corrects' } as const;

/** `note` v1 and v2 next to the shipped workflows. */
export const testRegistry = (): WorkflowRegistry =>
  new WorkflowRegistry([
    ...[1, 2].map((version) =>
      defineWorkflow({
        name: 'note',
        version,
        description: 'A title from a note',
        input: z.object({ text: z.string().min(1) }),
        output: z.object({ title: z.string() }),
        rules: [],
        instructions: 'Extract the title.',
      }),
    ),
    groundedInvoice,
    ...workflows,
  ]);

/** An attempt whose reply had a schema issue (title a number). */
export function attempt(n: number): AttemptRecord {
  return {
    n,
    startedAt: new Date(Date.UTC(2025, 5, 1, 0, 0, n)).toISOString(),
    durationMs: 1500,
    model: 'claude-haiku-4-5',
    strategy: 'structured',
    maxTokens: 4096,
    stopReason: 'end_turn',
    requestId: `req_${n}`,
    rawOutput: '{"title": 42}',
    rawOutputTruncated: false,
    toolCallId: null,
    issues: [
      { source: 'schema', path: 'title', code: 'invalid_type', message: 'expected string, received number' },
    ],
    usage: { inputTokens: 900, outputTokens: 120, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
    costUsd: 0.0015,
  };
}

/** A running dashboard on a free port with its own key prefix. */
export interface DashboardTestKit {
  readonly url: string;
  readonly prefix: string;
  readonly redis: Redis;
  readonly dashboard: Dashboard;
  /** Writes a DLQ record as the worker would (by default two attempts with a schema issue). */
  seed(options: {
    jobId: string;
    text?: string;
    kind?: DlqReasonKind;
    message?: string;
    refusalCategory?: RefusalCategory;
    /** Attempt records in place of the two with a schema issue. */
    attempts?: AttemptRecord[];
    workflow?: string;
    /** The job's input in place of `{ text }`. */
    input?: unknown;
    /** The children of a split job's parent. */
    split?: DlqSplit;
    /** The job part of a split job's child (its job data's `part`). */
    part?: JobPart;
  }): Promise<DlqRecord>;
  /** Adds a job to the extraction queue and completes it with `result`, as a worker would. */
  complete(options: { jobId: string; data: unknown; result: ExtractionJobResult }): Promise<void>;
  /** Flags a job for review, as the worker does. */
  flag(entry: ReviewEntry): Promise<void>;
}

/** The configuration the tests run the dashboard with (users: an admin with a hashed password, a viewer, a reviewer). */
export async function testConfig(
  prefix: string,
  overrides: Partial<DashboardConfig> = {},
): Promise<DashboardConfig> {
  const adminHash = await hashPassword(admin.password, { N: 1024 });
  const { users, problems } = parseUsers(
    `${admin.name}:admin:${adminHash}, ${viewer.name}:viewer:${viewer.password}, ${reviewer.name}:reviewer:${reviewer.password}`,
  );
  if (problems.length > 0) throw new Error(problems.join('; '));
  return {
    host: '127.0.0.1',
    port: 0,
    users,
    authDisabled: false,
    sessionKey: randomBytes(32),
    sessionTtlMs: 3_600_000,
    origin: null,
    trustProxy: false,
    redisUrl: 'redis://unused',
    allowEviction: false,
    workflowFiles: [],
    queue: { prefix },
    maxRedrives: 3,
    replayedRetentionMs: 86_400_000,
    replayRate: undefined,
    replayConcurrency: 2,
    documents: 'all',
    anthropic: null,
    logLevel: 'silent',
    logFormat: 'json',
    ...overrides,
  };
}

/**
 * The test kit's `it` with a `kit` fixture: a dashboard per test file on its own key prefix, started
 * with {@link testConfig} changed by `config` (and reading originals from `blobs`, when given); the
 * prefix's keys are deleted after every test.
 */
export function dashboardTest(config: Partial<DashboardConfig> = {}, blobs: BlobStore | null = null) {
  return test
    .extend('kit', { scope: 'file' }, async ({ redis, filePrefix: prefix }, { onCleanup }) => {
      const dashboard = createDashboard({
        config: await testConfig(prefix, config),
        connection: redis,
        registry: testRegistry(),
        blobs,
        logger: createDashboardLogger({ level: 'silent' }),
        pruneIntervalMs: 0,
      });
      onCleanup(() => dashboard.close());
      const { url } = await dashboard.listen();
      const writer = new DeadLetterWriter({
        queue: dashboard.triage.queues.dlq,
        keys: dashboard.triage.queues.keys,
      });
      const kit: DashboardTestKit = {
        url,
        prefix,
        redis,
        dashboard,
        async seed(options) {
          const record = buildDlqRecord({
            job: {
              id: options.jobId,
              timestamp: Date.parse('2025-06-01T11:00:00Z'),
              data: {
                workflow: options.workflow ?? 'note',
                version: 1,
                input: options.input ?? { text: options.text ?? `note ${options.jobId}` },
                ...(options.part ? { part: options.part } : {}),
              },
              attemptsMade: 1,
            },
            reason: {
              kind: options.kind ?? 'validation_exhausted',
              message: options.message ?? 'no valid reply in 2 attempts',
              ...(options.refusalCategory ? { refusalCategory: options.refusalCategory } : {}),
            },
            attempts: options.attempts ?? [attempt(1), attempt(2)],
            deadLetteredAt: new Date('2025-06-01T12:00:00Z'),
            ...(options.split ? { split: options.split } : {}),
          });
          await writer.write(record);
          return record;
        },
        async complete({ jobId, data, result }) {
          const { queue, config: queueConfig } = dashboard.triage.queues;
          await queue.add('extract', data, { jobId });
          const connection = redis.duplicate({ maxRetriesPerRequest: null });
          const worker = new Worker(queueConfig.queueName, async () => result, {
            connection,
            prefix: queueConfig.prefix,
          });
          try {
            await expect.poll(() => queue.getJobState(jobId), { timeout: 10_000 }).toBe('completed');
          } finally {
            await worker.close();
            await connection.quit();
          }
        },
        flag: (entry) => new ReviewIndex({ redis, keys: dashboard.triage.queues.keys }).flag(entry),
      };
      return kit;
    })
    .extend('freshKeys', { auto: true }, ({ kit }, { onCleanup }) => {
      onCleanup(async () => {
        await deleteKeys(kit.redis, kit.prefix);
      });
      return kit.prefix;
    });
}

/** An `Authorization: Basic` header. */
export const basic = (name: string, password: string): string =>
  `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;

/** Basic-auth headers of the viewer, the reviewer and the admin. */
export const asViewer = { authorization: basic(viewer.name, viewer.password) };
export const asReviewer = { authorization: basic(reviewer.name, reviewer.password) };
export const asAdmin = { authorization: basic(admin.name, admin.password) };

/** A `fetch` init posting `fields` as a form, as the admin (Basic auth). */
export const adminForm = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...asAdmin },
  body: new URLSearchParams(fields),
});

/** Logs in through the form; returns the session cookie (`name=value`). */
export async function login(url: string, name: string, password: string): Promise<string> {
  const response = await fetch(`${url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
    body: new URLSearchParams({ username: name, password, next: '/dlq' }),
  });
  const cookie = response.headers.get('set-cookie');
  if (response.status !== 303 || !cookie) throw new Error(`login as ${name} failed with ${response.status}`);
  return cookie.split(';')[0] as string;
}

/** The session id in a session cookie (`quarry_session=s%3A<id>.<signature>`). */
export function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
  const match = /^s:([^.]+)\./.exec(value);
  if (!match) throw new Error(`not a signed session cookie: ${cookie}`);
  return match[1] as string;
}

/** The CSRF token in a page's forms. */
export async function csrfTokenOf(url: string, headers: Record<string, string>): Promise<string> {
  const page = await (await fetch(`${url}/dlq`, { headers: { accept: 'text/html', ...headers } })).text();
  const match = /name="_csrf" value="([^"]+)"/.exec(page);
  if (!match) throw new Error('no CSRF token on the page');
  return match[1] as string;
}
