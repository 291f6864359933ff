import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Anthropic from '@anthropic-ai/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { corpus, invoiceRequest, invoiceTruth } from './test-corpus';

const directory = mkdtempSync(join(tmpdir(), 'standin-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('main', () => {
  it('prints its url as one JSON line, answers, and exits 0 on SIGTERM', async () => {
    const corpusFile = join(directory, 'corpus.json');
    writeFileSync(corpusFile, JSON.stringify(corpus));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, 'main.ts'),
        '--port',
        '0',
        '--mode',
        'simulated',
        '--corpus',
        corpusFile,
        '--seed',
        '1',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const [line] = await createInterface({ input: child.stdout })
      [Symbol.asyncIterator]()
      .next()
      .then((next) => [next.value as string]);
    const { url } = JSON.parse(line ?? '{}') as { url: string };
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const client = new Anthropic({ apiKey: 'test', baseURL: url, maxRetries: 0 });
    const message = await client.messages.create(invoiceRequest({}));
    const block = message.content[0];
    expect(block?.type === 'text' && JSON.parse(block.text)).toEqual(invoiceTruth);
    const stats = (await (await fetch(`${url}/_standin/stats`)).json()) as { requests: number };
    expect(stats.requests).toBe(1);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 20_000);

  it('takes the batch flags: a batch waits --batch-delay before it ends', async () => {
    const scriptFile = join(directory, 'script.json');
    writeFileSync(scriptFile, JSON.stringify([{ kind: 'empty' }]));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, 'main.ts'),
        '--script',
        scriptFile,
        '--batch-delay',
        '200',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const next = await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next();
    const { url } = JSON.parse(String(next.value)) as { url: string };
    const client = new Anthropic({ apiKey: 'test', baseURL: url, maxRetries: 0 });
    const batch = await client.messages.batches.create({
      requests: [{ custom_id: 'only', params: invoiceRequest({}) }],
    });
    let ended = batch;
    while (ended.processing_status !== 'ended') {
      await new Promise((resolve) => setTimeout(resolve, 10));
      ended = await client.messages.batches.retrieve(batch.id);
    }
    expect(Date.parse(ended.ended_at ?? '') - Date.parse(ended.created_at)).toBeGreaterThanOrEqual(200);
    const stats = (await (await fetch(`${url}/_standin/stats`)).json()) as { batches: { created: number } };
    expect(stats.batches.created).toBe(1);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 20_000);

  it('exits 2 naming the problem when the arguments are unusable', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'main.ts'), '--mode', 'simulated'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(2);
    expect(stderr).toContain('standin: --mode simulated needs --corpus FILE');
  }, 20_000);
});
