import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSamples } from '@quarry/samples';
import { it, type ProcessResult, runProcess } from '@quarry/testing';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect } from 'vitest';
import { startWorkerStack, type WorkerStack } from './test-fixtures/worker-stack';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const main = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Runs `command args` from the repository root with extra environment variables (`pnpm` and what it starts as one group). */
function exec(command: string, args: readonly string[], env: Record<string, string>): Promise<ProcessResult> {
  return runProcess({ command, args, cwd: root, env: { ...process.env, ...env }, group: true });
}

const [sample] = loadSamples('invoice');
if (!sample) throw new Error('no invoice samples');

describe('quarry enqueue (child process, real worker, stand-in model)', { timeout: 30_000 }, () => {
  let redis: Redis;
  let stack: WorkerStack;
  let dir: string;
  let env: Record<string, string>;
  let prefix: string;
  const quarry = (args: readonly string[], extra: Record<string, string> = {}) =>
    exec(tsx, [main, ...args], { ...env, ...extra });
  /** `quarry enqueue -w invoice --text <text> <flags…>`: the document, then the flags. */
  const enqueueInvoice = (text: string, flags: readonly string[]) =>
    quarry(['enqueue', '-w', 'invoice', '--text', text, ...flags]);

  it.beforeAll(async ({ redisUrl, redis: connection, filePrefix }) => {
    redis = connection;
    prefix = filePrefix;
    stack = await startWorkerStack({
      redisUrl,
      prefix,
      standin: { simulate: { corpus: [{ workflow: 'invoice', text: sample.text, truth: sample.truth }] } },
    });
    ({ env } = stack);
    dir = await mkdtemp(join(tmpdir(), 'quarry-cli-'));
  });

  afterAll(async () => {
    await stack?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('--wait --json prints exactly one JSON object and exits 0 when the job completed', async () => {
    const file = join(dir, 'invoice.txt');
    await writeFile(file, sample.text);
    const run = await quarry([
      'enqueue',
      '--workflow',
      'invoice',
      '--file',
      file,
      '--wait',
      '--timeout',
      '60',
      '--effort',
      'low',
      '--json',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const output = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    expect(Object.keys(output).sort()).toEqual(
      [
        'attempts',
        'costUsd',
        'data',
        'fieldConfidence',
        'jobId',
        'needsReview',
        'provenance',
        'status',
        'usage',
        'weakFields',
      ].sort(),
    );
    expect(output).toMatchObject({
      status: 'completed',
      data: sample.truth,
      needsReview: false,
      attempts: 1,
    });
    expect(typeof output.jobId).toBe('string');
    // The invoice workflow grounds its identifying fields: each value's span indexes the document.
    const provenance = output.provenance as Record<string, { start: number; end: number; match: string }>;
    expect(Object.keys(provenance).sort()).toEqual(['invoiceNumber', 'issueDate', 'total', 'vendorName']);
    const number = provenance.invoiceNumber;
    expect(sample.text.slice(number?.start, number?.end)).toContain(sample.truth.invoiceNumber);
    expect(output.fieldConfidence).toMatchObject({ invoiceNumber: 1, vendorName: 1 });
    expect(output.weakFields).toEqual([]);
    expect(output.usage).toMatchObject({ inputTokens: expect.any(Number), outputTokens: expect.any(Number) });
    expect(stack.standin.requests.at(-1)?.body.output_config?.effort).toBe('low');
  });

  it('--wait --json exits 2 with the DLQ id and reason when the job was dead-lettered', async () => {
    const run = await enqueueInvoice('Not a document the model knows', ['--wait', '--json']);
    expect(run.code).toBe(2);
    const output = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(output).sort()).toEqual(['dlqId', 'jobId', 'reason', 'status']);
    expect(output).toMatchObject({ status: 'dead-lettered', reason: { kind: 'permanent' } });
    expect(output.dlqId).toMatch(/^dlq-/);
  });

  it('--max-tokens and --max-cost-usd put a budget into the job; over it the job is dead-lettered', async () => {
    const queued = await enqueueInvoice(sample.text, [
      '--max-tokens',
      '50000',
      '--max-cost-usd',
      '0.25',
      '--json',
    ]);
    expect(queued.code).toBe(0);
    const { jobId } = JSON.parse(queued.stdout) as { jobId: string };
    const data = JSON.parse((await redis.hget(`${prefix}:extraction:${jobId}`, 'data')) ?? '{}');
    expect(data).toMatchObject({ workflow: 'invoice', budget: { maxTokens: 50_000, maxCostUsd: 0.25 } });

    // Too small for even the first call: dead-lettered before any model call.
    const starved = await enqueueInvoice(sample.text, ['--max-tokens', '10', '--wait', '--json']);
    expect(starved.code).toBe(2);
    const output = JSON.parse(starved.stdout) as { reason: { kind: string; message: string } };
    expect(output).toMatchObject({ status: 'dead-lettered', reason: { kind: 'budget_exhausted' } });
    expect(output.reason.message).toMatch(/^Budget exhausted after 0 model calls .* over its budget of 10$/);
  });

  it('gives the same job for the same --id, printing the job id', async () => {
    const first = await enqueueInvoice('Invoice A', ['--id', 'cli-order-1']);
    const second = await enqueueInvoice('Invoice A', ['--id', 'cli-order-1']);
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(first.stdout).toMatch(/^[0-9a-f-]{36}\n$/);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stderr).toContain('(existing job for this idempotency key)');
  });

  it('exits 1 naming the problem when Redis is unavailable, and on bad usage', async () => {
    const down = await quarry(['enqueue', '-w', 'invoice', '--text', 'x', '--wait', '--json'], {
      REDIS_URL: 'redis://:secret@127.0.0.1:1',
    });
    expect(down).toMatchObject({ code: 1, stdout: '' });
    expect(down.stderr).toBe(
      'quarry enqueue: Redis at redis://:***@127.0.0.1:1 is unavailable; nothing was enqueued\n',
    );
    const usage = await quarry(['enqueue', '--wait']);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('quarry enqueue: --workflow <name> is required');
  });

  it('runs as `pnpm quarry` from the repository root, with --help on every command', async () => {
    const top = await exec('pnpm', ['-s', 'quarry', '--help'], env);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/\n {2}enqueue \[options\] +enqueue an extraction job/);
    const enqueue = await exec('pnpm', ['-s', 'quarry', 'enqueue', '--help'], env);
    expect(enqueue.code).toBe(0);
    expect(enqueue.stdout).toContain('Usage: quarry enqueue --workflow <name>');
  });
});
