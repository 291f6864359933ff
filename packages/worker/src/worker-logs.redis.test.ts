import { Writable } from 'node:stream';
import { it } from '@quarry/testing';
import { afterAll, describe, expect } from 'vitest';
import { createLogger } from './create-logger';
import { createHarness, goodNote, type WorkerHarness } from './worker-test-harness';

let harness: WorkerHarness;

const API_KEY = 'sk-ant-api03-LOGTEST-k3y-never-logged';
/** Document text only the documents hold. */
const secretText = (name: string) => `doc:${name} Vault combination PLUTO-7731 for ${name}.`;
/** Model output only the replies hold. */
const reply = (title: string, count: unknown) => ({ kind: 'json', value: { title, count } }) as const;

it.beforeAll(async ({ redisUrl }) => {
  harness = await createHarness({
    redisUrl,
    plan: {
      flaky: [reply('ZEBRA-OUTPUT-1', -1)],
      doomed: [
        reply('ZEBRA-OUTPUT-2', 'ZEBRA-COUNT-2'),
        reply('ZEBRA-OUTPUT-3', -3),
        reply('ZEBRA-OUTPUT-4', -4),
      ],
    },
  });
});
afterAll(async () => {
  await harness?.close();
});

describe('worker logs (end-to-end run, every level)', () => {
  it('hold job context but no document text, no model output and no API key', async () => {
    const chunks: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    });
    await harness.startWorker(
      { ANTHROPIC_API_KEY: API_KEY },
      { logger: createLogger({ level: 'trace', destination }) },
    );
    const flaky = await harness.client.enqueue('note', { text: secretText('flaky') });
    const doomed = await harness.client.enqueue('note', { text: secretText('doomed') });
    expect(await harness.client.waitForResult(flaky.jobId, { timeoutMs: 15_000 })).toMatchObject({
      data: goodNote,
      attempts: 2,
    });
    await expect(harness.client.waitForResult(doomed.jobId, { timeoutMs: 15_000 })).rejects.toMatchObject({
      name: 'DeadLetteredError',
    });
    await harness.dlqRecordOf(doomed.jobId);

    const text = chunks.join('');
    const lines = chunks.map((chunk) => JSON.parse(chunk) as Record<string, unknown>);
    expect(text).not.toContain('PLUTO-7731');
    expect(text).not.toContain('Vault combination');
    expect(text).not.toContain('ZEBRA');
    expect(text).not.toContain('groceries');
    expect(text).not.toContain('LOGTEST');

    const messages = lines.map((line) => line.msg);
    expect(messages).toEqual(
      expect.arrayContaining([
        'worker ready',
        'job started',
        'attempt saved',
        'job completed',
        'job dead-lettered',
      ]),
    );
    for (const line of lines.filter(
      (entry) => entry.msg === 'job started' || entry.msg === 'job dead-lettered',
    )) {
      expect(line).toMatchObject({ workflow: 'note', version: 2, attempt: 1, jobId: expect.any(String) });
    }
    const saved = lines.filter((line) => line.msg === 'attempt saved' && line.jobId === flaky.jobId);
    expect(saved.map((line) => [line.n, line.signatures])).toEqual([
      [1, ['rule:count:count-positive']],
      [2, []],
    ]);
  });
});
