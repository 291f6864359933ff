import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createQuarryClient } from '@quarry/client';
import { type StandinReply, startStandin } from '@quarry/standin';
import { it, runProcess } from '@quarry/testing';
import { createWorker, loadWorkerConfig } from '@quarry/worker';
import { loadWorkflowCatalog } from '@quarry/workflow-files';
import { afterAll, beforeAll, describe, expect } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const cliMain = fileURLToPath(new URL('./main.ts', import.meta.url));
const workerMain = join(root, 'packages/worker/src/main.ts');

const receiptText =
  'CAFE LUMEN\n2026-03-14\nFlat white 3.80\nCroissant 2.70\nSubtotal 6.50\nVAT 0.00\nTotal 6.50';
const good = {
  merchant: 'Cafe Lumen',
  date: '2026-03-14',
  currency: 'EUR',
  lineItems: [
    { description: 'Flat white', amount: 3.8 },
    { description: 'Croissant', amount: 2.7 },
  ],
  subtotal: 6.5,
  tax: 0,
  total: 6.5,
};
/** Valid against the schema, but its line items do not add up to the subtotal: the JSONata rule fails. */
const breaksRule = {
  ...good,
  lineItems: [
    { description: 'Flat white', amount: 3.8 },
    { description: 'Croissant', amount: 2.2 },
  ],
};
const script: StandinReply[] = [
  { kind: 'json', value: breaksRule },
  { kind: 'json', value: good },
];
const RULE_MESSAGE = 'the line item amounts must add up to the subtotal (within 0.01)';

/** The text of a recorded request's messages, where feedback is. */
const messagesText = (body: { messages: unknown }) => JSON.stringify(body.messages);

describe('a YAML workflow with a JSONata rule, loaded from a directory through QUARRY_WORKFLOWS', {
  timeout: 120_000,
}, () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quarry-workflows-'));
    await copyFile(join(root, 'workflows/receipt.workflow.yaml'), join(dir, 'receipt.workflow.yaml'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('feeds the rule message back after a first answer breaks it, and completes on the second', async ({
    redisUrl,
    prefix,
  }) => {
    const standin = await startStandin({ script, record: true });
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix, QUARRY_WORKFLOWS: dir };
    const config = loadWorkerConfig({
      ...env,
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: standin.url,
      LOG_LEVEL: 'silent',
    });
    const { registry } = await loadWorkflowCatalog({ paths: config.workflowFiles, cwd: root });
    const worker = createWorker({ config, registry });
    const client = createQuarryClient({ redisUrl, registry, config: { prefix }, maxPollIntervalMs: 100 });
    try {
      await worker.waitUntilReady();
      const { jobId } = await client.enqueue('receipt', { text: receiptText });
      const result = await client.waitForResult(jobId, { timeoutMs: 30_000 });
      expect(result).toMatchObject({ data: good, attempts: 2 });
      expect(standin.requests).toHaveLength(2);
      expect(messagesText(standin.requests[1]?.body ?? { messages: [] })).toContain(RULE_MESSAGE);
      expect(messagesText(standin.requests[0]?.body ?? { messages: [] })).not.toContain(RULE_MESSAGE);
    } finally {
      await client.close();
      await worker.close({ graceMs: 1000 });
      await standin.close();
    }
  });

  it('does the same through the worker process and quarry enqueue --wait --json', async ({
    redisUrl,
    prefix,
    processes,
  }) => {
    const standin = await startStandin({ script, record: true });
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix, QUARRY_WORKFLOWS: dir };
    try {
      const worker = processes.start({
        command: process.execPath,
        args: ['--import', 'tsx', workerMain],
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          ...env,
          ANTHROPIC_API_KEY: 'test-key',
          ANTHROPIC_BASE_URL: standin.url,
          LOG_LEVEL: 'info',
        },
      });
      await worker.waitForLine((line) => line.includes('"worker ready"'), {
        stream: 'stdout',
        timeoutMs: 90_000,
      });
      const run = await runProcess({
        command: tsx,
        args: [
          cliMain,
          'enqueue',
          '--workflow',
          'receipt',
          '--text',
          receiptText,
          '--wait',
          '--timeout',
          '30',
          '--json',
        ],
        cwd: root,
        env: { ...process.env, ...env },
        timeoutMs: 90_000,
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ status: 'completed', data: good, attempts: 2 });
      expect(messagesText(standin.requests[1]?.body ?? { messages: [] })).toContain(RULE_MESSAGE);
    } finally {
      await standin.close();
    }
  });

  it('a bad QUARRY_WORKFLOWS path stops the worker process before it starts, naming the file', async ({
    redisUrl,
    processes,
  }) => {
    const missing = join(dir, 'missing.workflow.yaml');
    const worker = await processes.run({
      command: process.execPath,
      args: ['--import', 'tsx', workerMain],
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        ANTHROPIC_API_KEY: 'k',
        REDIS_URL: redisUrl,
        QUARRY_WORKFLOWS: `${dir},${missing}`,
      },
      timeoutMs: 90_000,
    });
    expect(worker.code).toBe(1);
    expect(worker.stderr).toContain(`${missing}: no such file or directory`);
  });
});
