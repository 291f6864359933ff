import { loadSamples } from '@quarry/samples';
import { it } from '@quarry/testing';
import { afterAll, describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';
import { startWorkerStack, type WorkerStack } from './test-fixtures/worker-stack';

const tickets = loadSamples('support-ticket');
const vague = tickets.find((sample) => sample.truth.confidence < 0.6);
const clear = tickets.find((sample) => sample.truth.confidence >= 0.8);
if (!vague || !clear) throw new Error('the support-ticket samples need a vague and a clear ticket');

describe('review routing end to end (worker + stand-in → quarry review list → ack)', {
  timeout: 30_000,
}, () => {
  let stack: WorkerStack;
  let env: Record<string, string>;

  const quarry = (argv: string[]) => runQuarry(argv, env);

  it.beforeAll(async ({ redisUrl, filePrefix }) => {
    stack = await startWorkerStack({
      redisUrl,
      prefix: filePrefix,
      standin: {
        simulate: {
          corpus: [vague, clear].map((sample) => ({
            workflow: sample.workflow,
            text: sample.text,
            truth: sample.truth,
          })),
        },
      },
    });
    ({ env } = stack);
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('lists a flagged result with its reasons until it is acknowledged; unflagged results never show', async () => {
    const flagged = await stack.client.enqueue(
      'support-ticket',
      { text: vague.text },
      { metadata: { ticket: vague.id } },
    );
    const fine = await stack.client.enqueue('support-ticket', { text: clear.text });
    expect(await stack.client.waitForResult(flagged.jobId, { timeoutMs: 15_000 })).toMatchObject({
      needsReview: true,
    });
    expect(await stack.client.waitForResult(fine.jobId, { timeoutMs: 15_000 })).toMatchObject({
      needsReview: false,
    });

    const listed = await quarry(['review', 'list', '--json']);
    expect(listed.code).toBe(0);
    const entries = JSON.parse(listed.stdout) as Array<Record<string, unknown>>;
    expect(entries).toEqual([
      expect.objectContaining({
        jobId: flagged.jobId,
        workflow: 'support-ticket',
        version: 1,
        reasons: [`confidence is ${vague.truth.confidence}, below the review threshold 0.6`],
        metadata: { ticket: vague.id },
        data: vague.truth,
      }),
    ]);

    const table = await quarry(['review', 'list']);
    expect(table.stdout).toMatch(/^JOB ID +WORKFLOW +AGE +MODEL CALLS +COST +REASONS\n/);
    expect(table.stdout).toContain(flagged.jobId);
    expect(table.stdout).toContain('support-ticket@v1');
    expect(table.stderr).toBe('1 job(s) waiting for review\n');

    const acked = await quarry(['review', 'ack', flagged.jobId, '--json']);
    expect([acked.code, JSON.parse(acked.stdout)]).toEqual([
      0,
      { acknowledged: [flagged.jobId], notFound: [] },
    ]);
    expect(JSON.parse((await quarry(['review', 'list', '--json'])).stdout)).toEqual([]);

    const again = await quarry(['review', 'ack', flagged.jobId]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`job ${flagged.jobId} is not waiting for review`);
  });

  it('asks for a job id and fails clearly without Redis', async () => {
    const usage = await quarry(['review', 'ack']);
    expect([usage.code, usage.stderr]).toEqual([
      1,
      expect.stringContaining('give the id of at least one job'),
    ]);
    const saved = env;
    env = { ...saved, REDIS_URL: 'redis://127.0.0.1:1' };
    const down = await quarry(['review', 'list']);
    env = saved;
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/^quarry review list: /);
  });
});
