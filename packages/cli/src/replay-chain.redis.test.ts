import { DeadLetteredError, type QuarryClient } from '@quarry/client';
import { loadSamples } from '@quarry/samples';
import type { RecordedRequest, Standin, StandinReply } from '@quarry/standin';
import { it } from '@quarry/testing';
import { afterAll, describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';
import { startWorkerStack, type WorkerStack } from './test-fixtures/worker-stack';

const [sample] = loadSamples('invoice');
if (!sample) throw new Error('no invoice samples');

/** The model that gets invoices right; every other model answers an object missing every field. */
const GOOD_MODEL = 'claude-sonnet-4-5';

function script(request: RecordedRequest): StandinReply {
  if (request.body.model === GOOD_MODEL) return { kind: 'json', value: sample?.truth };
  return { kind: 'json', value: { note: `attempt ${request.index}` } };
}

async function deadLetterOf(client: QuarryClient, jobId: string): Promise<DeadLetteredError> {
  const error = await client.waitForResult(jobId, { timeoutMs: 20_000 }).catch((e: unknown) => e);
  if (!(error instanceof DeadLetteredError))
    throw new Error(`job ${jobId} was not dead-lettered: ${String(error)}`);
  return error;
}

describe('replay through the real worker: fails again, then succeeds with another model', {
  timeout: 60_000,
}, () => {
  let standin: Standin;
  let stack: WorkerStack;
  let client: QuarryClient;
  let env: Record<string, string>;

  it.beforeAll(async ({ redisUrl, filePrefix }) => {
    stack = await startWorkerStack({
      redisUrl,
      prefix: filePrefix,
      standin: { script },
      // The replays' models, allowed for the CLI (replay-dlq --model) and the worker alike.
      env: { QUARRY_ALLOWED_MODELS: `claude-opus-4-1,${GOOD_MODEL}` },
      workerEnv: { QUARRY_MODEL: 'claude-haiku-4-5' },
    });
    ({ standin, client, env } = stack);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('links every DLQ record of the root job into one chain that dlq show prints', async () => {
    const { jobId: rootJobId } = await client.enqueue('invoice', { text: sample.text });
    const first = await deadLetterOf(client, rootJobId);
    const callsBefore = standin.requests.length;

    // Replay with another model and fewer attempts: it fails again.
    const replay = await runQuarry(
      [
        'replay-dlq',
        '--ids',
        first.dlqId,
        '--yes',
        '--json',
        '--model',
        'claude-opus-4-1',
        '--max-attempts',
        '2',
      ],
      env,
    );
    expect(replay.code).toBe(0);
    const [job] = JSON.parse(replay.stdout).jobs as { dlqId: string; newJobId: string }[];
    if (!job) throw new Error('nothing replayed');
    const second = await deadLetterOf(client, job.newJobId);
    const replayCalls = standin.requests.slice(callsBefore);
    expect(replayCalls.map((request) => request.body.model)).toEqual(['claude-opus-4-1', 'claude-opus-4-1']);

    const shown = await runQuarry(['dlq', 'show', second.dlqId, '--json'], env);
    const detail = JSON.parse(shown.stdout);
    expect(detail.record.lineage).toEqual({ rootJobId, replayOf: first.dlqId, redriveCount: 1 });
    expect(detail.chain.rootJobId).toBe(rootJobId);
    expect(
      detail.chain.records.map((link: { dlqId: string; sourceJobId: string; state: string }) => [
        link.dlqId,
        link.sourceJobId,
        link.state,
      ]),
    ).toEqual([
      [first.dlqId, rootJobId, 'replayed'],
      [second.dlqId, job.newJobId, 'dead'],
    ]);
    const human = await runQuarry(['dlq', 'show', first.dlqId], env);
    expect(human.stdout).toContain(`Lineage chain (root job ${rootJobId}):`);
    expect(human.stdout).toContain(`replayed → ${job.newJobId}`);
    expect(human.stdout).toContain(second.dlqId);

    // Both records failed alike; replaying the group skips the one already replayed and fixes the other.
    const group = await runQuarry(
      ['replay-dlq', '--fingerprint', detail.record.fingerprint, '--yes', '--json', '--model', GOOD_MODEL],
      env,
    );
    const report = JSON.parse(group.stdout);
    expect(report.matched).toBe(2);
    expect(report.skipped.map((skip: { dlqId: string }) => skip.dlqId)).toEqual([first.dlqId]);
    const [fixed] = report.jobs as { dlqId: string; newJobId: string }[];
    expect(fixed?.dlqId).toBe(second.dlqId);
    const result = await client.waitForResult(fixed?.newJobId ?? '', { timeoutMs: 20_000 });
    expect(result.model).toBe(GOOD_MODEL);

    const chain = JSON.parse((await runQuarry(['dlq', 'show', first.dlqId, '--json'], env)).stdout).chain;
    expect(chain.records.map((link: { dlqId: string }) => link.dlqId)).toEqual([first.dlqId, second.dlqId]);
    expect(chain.latestJob).toEqual({ jobId: fixed?.newJobId, state: 'completed' });
  });
});
