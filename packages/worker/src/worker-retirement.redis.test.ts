import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { defineWorkflow } from '@quarry/core';
import { afterAll, describe, expect } from 'vitest';
import { z } from 'zod';
import { createLogger } from './create-logger';
import { RetiredModelError } from './retired-model-error';
import { it } from './test-fixtures/use-worker-harness';
import { doc, goodNote, testRegistry } from './worker-test-harness';

const dir = mkdtempSync(join(tmpdir(), 'quarry-retirement-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Claude Sonnet 4.5 retires on 2026-11-30 (the default model table). */
const at = (isoTime: string) => () => Date.parse(isoTime);

function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'info', destination }) };
}

async function readyz(url: string) {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const retiringMessage =
  'Model "claude-sonnet-4-5" (Claude Sonnet 4.5) retires on 2026-11-30, in 6 days; move to a current model before then (see docs/models.md).';

describe('model retirement at worker start-up (injected clock)', () => {
  it('row 67: refuses to start with a configured model past its retirement date, and takes no job', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ env: { QUARRY_MODEL: 'claude-sonnet-4-5' } });
    const { jobId } = await h.client.enqueue('note', { text: doc('refused') });
    const error = await h.startWorker({}, { now: at('2026-11-30T00:00:00Z') }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RetiredModelError);
    expect((error as Error).message).toBe(
      [
        'The worker does not start: a configured model is retired.',
        '- Model "claude-sonnet-4-5" (Claude Sonnet 4.5) retired on 2026-11-30: the API rejects it. Configure a current model (see docs/models.md).',
      ].join('\n'),
    );
    expect(await h.rawQueue().getJobState(jobId)).toBe('prioritized'); // waiting its turn in the fair order
    expect(h.requestsFor('refused')).toHaveLength(0);
  });

  it('refuses a retired model that a workflow names, whatever QUARRY_MODEL says', async ({ testBed }) => {
    const pinned = defineWorkflow({
      name: 'pinned',
      version: 1,
      description: 'A workflow pinned to Sonnet 4.5',
      input: z.object({ text: z.string() }),
      output: z.object({ title: z.string() }),
      rules: [],
      instructions: 'Extract the title.',
      model: 'claude-sonnet-4-5-20250929',
    });
    const registry = testRegistry().register(pinned);
    const h = await testBed.harness({ env: { QUARRY_MODEL: 'claude-haiku-5-5' } });
    const error = await h.startWorker({}, { registry, now: at('2027-01-15T10:00:00Z') }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RetiredModelError);
    expect((error as RetiredModelError).notices.map((notice) => notice.model)).toEqual([
      'claude-sonnet-4-5-20250929',
    ]);
  });

  it('within 30 days of retirement, starts and warns in the log and in /readyz', async ({ testBed }) => {
    const h = await testBed.harness({ env: { QUARRY_MODEL: 'claude-sonnet-4-5', METRICS_PORT: '0' } });
    const { lines, logger } = capturedLogger();
    const quarry = await h.startWorker({}, { logger, now: at('2026-11-24T09:00:00Z') });
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 40, // warn
        model: 'claude-sonnet-4-5',
        retiresOn: '2026-11-30',
        daysLeft: 6,
        msg: retiringMessage,
      }),
    );
    const url = (await quarry.http)?.url as string;
    expect(await readyz(url)).toEqual({
      status: 200,
      body: { ready: true, reasons: [], warnings: [retiringMessage] },
    });
    const { jobId } = await h.client.enqueue('note', { text: doc('still-served') });
    expect(await h.client.waitForResult(jobId, { timeoutMs: 15_000 })).toMatchObject({ data: goodNote });
  });

  it('says nothing more than 30 days before', async ({ testBed }) => {
    const h = await testBed.harness({ env: { QUARRY_MODEL: 'claude-sonnet-4-5', METRICS_PORT: '0' } });
    const { lines, logger } = capturedLogger();
    const quarry = await h.startWorker({}, { logger, now: at('2026-10-30T12:00:00Z') });
    expect(lines.filter((line) => line.level === 40 && 'model' in line)).toEqual([]);
    expect((await readyz((await quarry.http)?.url as string)).body.warnings).toEqual([]);
  });

  it('`pnpm worker` exits with code 1 and says why on standard error (retirement date from QUARRY_MODELS_FILE)', async ({
    testBed,
  }) => {
    const path = join(dir, 'retired.json');
    writeFileSync(path, JSON.stringify({ 'claude-haiku-5-5': { retiresOn: '2020-01-01' } }));
    const h = await testBed.harness();
    const worker = testBed.spawnWorker({
      ...h.env,
      QUARRY_MODEL: 'claude-haiku-5-5',
      QUARRY_MODELS_FILE: path,
      LOG_LEVEL: 'info',
    });
    const stderr: string[] = [];
    worker.child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    expect(await worker.exited).toEqual({ code: 1, signal: null });
    expect(stderr.join('')).toContain(
      'Model "claude-haiku-5-5" (Claude Haiku 5.5) retired on 2020-01-01: the API rejects it.',
    );
    expect(worker.logs).toContainEqual(
      expect.objectContaining({
        msg: 'worker could not start',
        error: expect.objectContaining({ name: 'RetiredModelError' }),
      }),
    );
  }, 60_000);
});
