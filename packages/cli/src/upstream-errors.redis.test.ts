import { Writable } from 'node:stream';
import { DeadLetteredError, type QuarryClient } from '@quarry/client';
import { openQueues } from '@quarry/queue';
import { loadSamples } from '@quarry/samples';
import type { RecordedRequest, Standin, StandinReply } from '@quarry/standin';
import { it } from '@quarry/testing';
import { createLogger } from '@quarry/worker';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';
import { startWorkerStack, type WorkerStack } from './test-fixtures/worker-stack';

const [sample] = loadSamples('invoice');
if (!sample) throw new Error('no invoice samples');

/** A key no pattern would recognise: only knowing the configured key keeps it out. */
const API_KEY = 'corp-gateway-key-E2E-7f3a9e1b2c';
/** Words only the documents hold. */
const MARKER = 'Vault combination PLUTO-7731';
const documentText = (name: string) => `doc:${name}\n${sample.text}\n${MARKER} for ${name}`;
const LEAKS = /PLUTO-7731|Vault combination|E2E-7f3a9e1b2c/;

/** Per document name, the stand-in's replies in call order; a valid invoice once they run out. */
const plan: Record<string, readonly StandinReply[]> = {
  retried: [
    { kind: 'error', status: 500, echo: 'request' },
    { kind: 'error', status: 502, echo: 'request', format: 'text' },
  ],
  rejected: [{ kind: 'error', status: 400, echo: 'request' }],
  unauthorized: [{ kind: 'error', status: 401, echo: 'apiKey' }],
};

function script() {
  const calls = new Map<string, number>();
  return (request: RecordedRequest): StandinReply => {
    const n = calls.get(request.documentKey) ?? 0;
    calls.set(request.documentKey, n + 1);
    return plan[request.documentKey]?.[n] ?? { kind: 'json', value: sample?.truth };
  };
}

describe('upstream error bodies that echo the document or the key (real SDK, worker, CLI)', {
  timeout: 60_000,
}, () => {
  let redis: Redis;
  let standin: Standin;
  let stack: WorkerStack;
  let client: QuarryClient;
  let env: Record<string, string>;
  const chunks: string[] = [];
  let prefix: string;

  it.beforeAll(async ({ redisUrl, redis: connection, filePrefix }) => {
    redis = connection;
    prefix = filePrefix;
    const destination = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    });
    stack = await startWorkerStack({
      redisUrl,
      prefix,
      standin: { script: script(), documentKey: /doc:([\w-]+)/ },
      workerEnv: {
        ANTHROPIC_API_KEY: API_KEY,
        QUARRY_MODEL: 'claude-haiku-4-5',
        JOB_ATTEMPTS: '3',
        BACKOFF_BASE_MS: '20',
        BACKOFF_CAP_MS: '50',
      },
      logger: createLogger({ level: 'trace', destination }),
    });
    ({ standin, client, env } = stack);
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function deadLetterOf(jobId: string): Promise<DeadLetteredError> {
    const error = await client.waitForResult(jobId, { timeoutMs: 20_000 }).catch((e: unknown) => e);
    if (!(error instanceof DeadLetteredError))
      throw new Error(`job ${jobId} was not dead-lettered: ${error}`);
    return error;
  }

  it('row 43: a 400 or 5xx whose error message echoes the request -> keeps the document and the key out of the logs, the DLQ records, the failed jobs and dlq show', async () => {
    const retried = await client.enqueue('invoice', { text: documentText('retried') });
    const rejected = await client.enqueue('invoice', { text: documentText('rejected') });
    const unauthorized = await client.enqueue('invoice', { text: documentText('unauthorized') });
    expect(await client.waitForResult(retried.jobId, { timeoutMs: 20_000 })).toMatchObject({ attempts: 1 });
    const dead = [await deadLetterOf(rejected.jobId), await deadLetterOf(unauthorized.jobId)];
    expect(standin.requests.map((request) => request.documentKey).sort()).toEqual([
      'rejected',
      'retried',
      'retried',
      'retried',
      'unauthorized',
    ]);

    // Logs: every retry and dead letter is there, with status and request id, and nothing leaked.
    const text = chunks.join('');
    expect(text).not.toMatch(LEAKS);
    const lines = chunks.map(
      (chunk) => JSON.parse(chunk) as { msg: string; error?: Record<string, unknown> },
    );
    const retries = lines.filter((line) => line.msg === 'job attempt failed; retrying later');
    expect(retries.map((line) => line.error?.status)).toEqual([500, 502]);
    for (const line of retries) expect(line.error?.requestId).toMatch(/^req_/);
    expect(lines.filter((line) => line.msg === 'job dead-lettered')).toHaveLength(2);

    // DLQ records and `quarry dlq show`: the reason names status, type and request id, never the key
    // or the document (the record keeps the job's input for replay, so only the key is absent there).
    const [rejectedDlq, unauthorizedDlq] = dead;
    for (const letter of dead) {
      const shown = await runQuarry(['dlq', 'show', letter.dlqId, '--json'], env);
      expect(shown.code).toBe(0);
      const { record } = JSON.parse(shown.stdout) as {
        record: { reason: { kind: string; message: string } };
      };
      expect(record.reason.kind).toBe('permanent');
      expect(record.reason.message).not.toMatch(LEAKS);
      expect(shown.stdout).not.toContain(API_KEY);
      const human = await runQuarry(['dlq', 'show', letter.dlqId], env);
      const reasonLine = human.stdout.split('\n').find((line) => line.trim().startsWith('reason'));
      expect(reasonLine).toBeDefined();
      expect(reasonLine).not.toMatch(LEAKS);
      expect(human.stdout).not.toContain(API_KEY);
    }
    const reasonOf = async (dlqId: string | undefined) =>
      JSON.parse((await runQuarry(['dlq', 'show', dlqId ?? '', '--json'], env)).stdout).record.reason.message;
    expect(await reasonOf(rejectedDlq?.dlqId)).toMatch(
      /^Messages API error \(400 invalid_request_error, request req_\w+\): Invalid request; the request was \{"model":"claude-haiku-4-5"/,
    );
    expect(await reasonOf(unauthorizedDlq?.dlqId)).toMatch(
      /^Messages API error \(401 authentication_error, request req_\w+\): invalid x-api-key; the key received was "\[redacted\]"$/,
    );
    const list = await runQuarry(['dlq', 'list'], env);
    expect(list.stdout).not.toMatch(LEAKS);

    // The failed jobs themselves (what bull-board shows): reason and stack trace.
    const queues = openQueues({ connection: redis, config: { prefix } });
    try {
      for (const { jobId } of [rejected, unauthorized]) {
        const job = await queues.queue.getJob(jobId);
        expect(job?.failedReason).toMatch(/^permanent: Messages API error/);
        expect(JSON.stringify([job?.failedReason, job?.stacktrace])).not.toMatch(LEAKS);
      }
    } finally {
      await queues.close();
    }
  });
});
