import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import { it, type TestProcesses } from '@quarry/testing';
import { afterAll, describe, expect } from 'vitest';
import type { StandinStats } from './standin-stats';
import { corpus, invoiceRequest, invoiceText, invoiceTruth } from './test-corpus';

const directory = mkdtempSync(join(tmpdir(), 'standin-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** Node's arguments running `main.ts` with `args`. */
const mainArgs = (args: readonly string[]) => [
  '--import',
  'tsx',
  join(import.meta.dirname, 'main.ts'),
  ...args,
];

/** Starts `main.ts` with `args`: the process, the url it prints as its first line, and an SDK client for it. */
async function startMain(processes: TestProcesses, args: readonly string[]) {
  const standin = processes.start({ command: process.execPath, args: mainArgs(args) });
  const line = await standin.waitForLine(() => true, { stream: 'stdout' });
  const { url } = JSON.parse(line) as { url: string };
  return { standin, url, client: new Anthropic({ apiKey: 'test', baseURL: url, maxRetries: 0 }) };
}

describe('main', () => {
  it('prints its url as one JSON line, answers, and exits 0 on SIGTERM', async ({ processes }) => {
    const corpusFile = join(directory, 'corpus.json');
    writeFileSync(corpusFile, JSON.stringify(corpus));
    const { standin, url, client } = await startMain(processes, [
      ...['--port', '0', '--mode', 'simulated'],
      ...['--corpus', corpusFile, '--seed', '1'],
    ]);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const message = await client.messages.create(invoiceRequest({}));
    const block = message.content[0];
    expect(block?.type === 'text' && JSON.parse(block.text)).toEqual(invoiceTruth);
    const stats = (await (await fetch(`${url}/_standin/stats`)).json()) as { requests: number };
    expect(stats.requests).toBe(1);
    expect(await standin.stop()).toMatchObject({ code: 0, signal: null });
  }, 20_000);

  it('takes the batch flags: a batch waits --batch-delay before it ends', async ({ processes }) => {
    const scriptFile = join(directory, 'script.json');
    writeFileSync(scriptFile, JSON.stringify([{ kind: 'empty' }]));
    const { standin, url, client } = await startMain(processes, [
      '--script',
      scriptFile,
      '--batch-delay',
      '200',
    ]);
    const batch = await client.messages.batches.create({
      requests: [{ custom_id: 'only', params: invoiceRequest({}) }],
    });
    await expect
      .poll(async () => (await client.messages.batches.retrieve(batch.id)).processing_status, {
        timeout: 10_000,
        interval: 20,
      })
      .toBe('ended');
    const ended = await client.messages.batches.retrieve(batch.id);
    expect(Date.parse(ended.ended_at ?? '') - Date.parse(ended.created_at)).toBeGreaterThanOrEqual(200);
    const stats = (await (await fetch(`${url}/_standin/stats`)).json()) as { batches: { created: number } };
    expect(stats.batches.created).toBe(1);
    expect(await standin.stop()).toMatchObject({ code: 0, signal: null });
  }, 20_000);

  it('answers a --labelled-set with --plant-wrong-rate and reports what it planted in its stats', async ({
    processes,
  }) => {
    const set = join(directory, 'set');
    mkdirSync(set);
    writeFileSync(
      join(set, 'manifest.jsonl'),
      `${JSON.stringify({ id: 'inv-1', text: invoiceText, expected: invoiceTruth, workflow: 'invoice' })}\n`,
    );
    const { standin, url, client } = await startMain(processes, [
      ...['--labelled-set', set, '--plant-wrong-rate', '0.3', '--seed', '2'],
    ]);
    const block = (await client.messages.create(invoiceRequest({}))).content[0];
    const answer = block?.type === 'text' ? JSON.parse(block.text) : undefined;
    const stats = (await (await fetch(`${url}/_standin/stats`)).json()) as StandinStats;
    const planted = Object.values(stats.planted?.byDocument ?? {});
    expect(planted).toMatchObject([{ id: 'inv-1', workflow: 'invoice', leaves: 17 }]);
    // 30 % of the invoice's 17 leaves, rounded.
    expect(planted[0]?.wrong).toHaveLength(5);
    expect(stats.planted?.totals).toMatchObject({ documents: 1, wrong: 5, missing: 0, invented: 0 });
    expect(answer).not.toEqual(invoiceTruth);
    expect(await standin.stop()).toMatchObject({ code: 0, signal: null });
  }, 20_000);

  it('exits 2 naming the line of a labelled set that cannot be read', async ({ processes }) => {
    const set = join(directory, 'broken-set');
    mkdirSync(set);
    writeFileSync(
      join(set, 'manifest.jsonl'),
      [
        JSON.stringify({ id: 'a', text: 'one', expected: {} }),
        JSON.stringify({ id: 'b', file: '../x.pdf', expected: {} }),
      ].join('\n'),
    );
    const run = await processes.run({ command: process.execPath, args: mainArgs(['--labelled-set', set]) });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `standin: --labelled-set: line 2: "../x.pdf" is outside the set's directory`,
    );
  }, 20_000);

  it('exits 2 naming the problem when the arguments are unusable', async ({ processes }) => {
    const run = await processes.run({
      command: process.execPath,
      args: mainArgs(['--mode', 'simulated']),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('standin: --mode simulated needs --corpus FILE');
  }, 20_000);
});
