import { type AttemptRecord, defineWorkflow, type Issue, WorkflowRegistry } from '@quarry/core';
import {
  buildDlqRecord,
  DeadLetterWriter,
  type DlqReasonKind,
  type DlqRecord,
  type DlqSplit,
  dlqJobName,
  type Lineage,
  openQueues,
  type QuarryQueues,
} from '@quarry/queue';
import { test } from '@quarry/testing';
import { workflows } from '@quarry/workflows';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { createTriage } from '../create-triage';
import type { Triage, TriageOptions } from '../triage';

const note = (version: number, minText: number) =>
  defineWorkflow({
    name: 'note',
    version,
    description: 'A title from a short note',
    input: z.object({
      text: z.string().min(minText, { error: `text must have at least ${minText} characters` }),
    }),
    output: z.object({ title: z.string() }),
    rules: [],
    instructions: 'Extract the title.',
  });

/** `note` v1 (any text) and v2 (texts of 10+ characters), next to the shipped workflows. */
export const testRegistry = (): WorkflowRegistry =>
  new WorkflowRegistry([note(1, 1), note(2, 10), ...workflows]);

/** A schema issue at `path`. */
export const issueAt = (path: string, code = 'invalid_type'): Issue => ({
  source: 'schema',
  path,
  code,
  message: `expected a number at ${path}`,
});

/** A valid attempt record with the given issues. */
export function attempt(n: number, issues: readonly Issue[] = []): AttemptRecord {
  return {
    n,
    startedAt: new Date(Date.UTC(2025, 5, 1, 0, 0, n)).toISOString(),
    durationMs: 1200 + n,
    model: 'claude-haiku-4-5',
    strategy: 'structured',
    maxTokens: 4096,
    stopReason: 'end_turn',
    requestId: `req_${n}`,
    rawOutput: `{"title": ${n}}`,
    rawOutputTruncated: false,
    toolCallId: null,
    issues: [...issues],
    usage: { inputTokens: 1000, outputTokens: 200, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
    costUsd: 0.002,
  };
}

/** What a seeded record is made of; everything has a default. */
export interface SeedOptions {
  readonly jobId: string;
  readonly workflow?: string;
  readonly version?: number;
  readonly text?: string;
  readonly kind?: DlqReasonKind;
  readonly issues?: readonly Issue[];
  readonly deadLetteredAt?: string;
  readonly lineage?: Lineage;
  /** Replaces the job data entirely (e.g. a payload that broke the contract). */
  readonly data?: unknown;
  /** The children of a split job's parent. */
  readonly split?: DlqSplit;
}

/** Per-test Redis resources under a fresh prefix: queues, a DLQ writer and a triage service. */
export interface TriageTestKit {
  readonly url: string;
  readonly redis: Redis;
  readonly prefix: string;
  readonly queues: QuarryQueues;
  readonly triage: Triage;
  /** Another triage service on the same queues, e.g. with a fake clock. */
  newTriage(options?: Partial<TriageOptions>): Triage;
  /** Writes a DLQ record as the worker would. */
  seed(options: SeedOptions): Promise<DlqRecord>;
  /** Writes a DLQ record as a version without the DLQ indexes did: the job and its source pointer only. */
  seedAsOlderVersion(options: SeedOptions): Promise<DlqRecord>;
  /** Every key under the prefix with a digest of its value, to prove nothing changed. */
  snapshot(): Promise<Record<string, string>>;
}

/**
 * The test kit's `it` with a `kit` fixture: per test its own prefix, queues and triage service;
 * everything is closed after the test, and the prefix's keys deleted.
 */
export const it = test.extend(
  'kit',
  ({ redis: connection, redisUrl, prefix }, { onCleanup }): TriageTestKit => {
    const closers: (() => Promise<unknown>)[] = [];
    onCleanup(async () => {
      for (const close of closers.reverse()) await close();
    });
    const queues = openQueues({ connection, config: { prefix } });
    closers.push(() => queues.close());
    const writer = new DeadLetterWriter({ queue: queues.dlq, keys: queues.keys });
    const newTriage = (options: Partial<TriageOptions> = {}) => {
      const triage = createTriage({
        connection,
        registry: testRegistry(),
        config: { prefix, allowedModels: ['claude-sonnet-4-5'] },
        ...options,
      });
      closers.push(() => triage.close());
      return triage;
    };
    const build = (options: SeedOptions): DlqRecord => {
      const workflow = options.workflow ?? 'note';
      const version = options.version ?? 1;
      const deadLetteredAt = options.deadLetteredAt ?? '2025-06-01T12:00:00.000Z';
      const issues = options.issues ?? [issueAt('title')];
      const data = options.data ?? {
        workflow,
        version,
        input: { text: options.text ?? `a note called ${options.jobId}` },
        ...(options.lineage ? { lineage: options.lineage } : {}),
      };
      const record = buildDlqRecord({
        job: { id: options.jobId, timestamp: Date.parse(deadLetteredAt) - 60_000, data, attemptsMade: 1 },
        reason: { kind: options.kind ?? 'validation_exhausted', message: `gave up on ${options.jobId}` },
        attempts: [attempt(1, issues), attempt(2, issues)],
        deadLetteredAt: new Date(deadLetteredAt),
        jobAttempts: 1,
        ...(options.split ? { split: options.split } : {}),
      });
      return record;
    };
    return {
      url: redisUrl,
      redis: connection,
      prefix,
      queues,
      triage: newTriage(),
      newTriage,
      async seed(options) {
        const record = build(options);
        await writer.write(record);
        return record;
      },
      async seedAsOlderVersion(options) {
        const record = build(options);
        await queues.dlq.add(dlqJobName(record), record, { jobId: record.dlqId, attempts: 1 });
        await connection.hset(queues.keys.dlqIndex(), record.sourceJobId, record.dlqId);
        return record;
      },
      async snapshot() {
        const keys = (await connection.keys(`${prefix}*`)).sort();
        const entries = await Promise.all(
          keys.map(async (key) => [key, (await connection.dumpBuffer(key))?.toString('hex') ?? ''] as const),
        );
        return Object.fromEntries(entries);
      },
    };
  },
);
