import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineWorkflow, WorkflowRegistry } from '@quarry/core';
import { quarryKeys } from '@quarry/queue';
import { LedgerStatement, ledgerWorkflow, longTableDocument } from '@quarry/samples';
import { afterEach, describe, expect } from 'vitest';
import { z } from 'zod';
import { it } from './test-fixtures/use-worker-harness';
import { testRegistry, waitFor } from './worker-test-harness';

/** The ledger in windows of 4 pages sharing 1: the same as a code workflow and as a workflow file. */
const split = { pages: { window: 4, overlap: 1 }, arrayKeys: { rows: ['description', 'amount'] } };
const pagedLedger = defineWorkflow({ ...ledgerWorkflow, name: 'paged-ledger', split });
const workflowFile = {
  name: 'paged-ledger',
  version: 1,
  description: ledgerWorkflow.description,
  instructions: ledgerWorkflow.instructions,
  output: z.toJSONSchema(LedgerStatement),
  split,
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a split job whose worker is killed while its children run', () => {
  it('row 174: a worker killed while children run -> the parent still completes, each child paid once', {
    timeout: 90_000,
  }, async ({ testBed }) => {
    const statement = await longTableDocument({ pages: 40 });
    const dir = mkdtempSync(join(tmpdir(), 'quarry-split-crash-'));
    dirs.push(dir);
    writeFileSync(join(dir, 'paged-ledger.workflow.json'), JSON.stringify(workflowFile));
    const h = await testBed.harness({
      registry: new WorkflowRegistry([...testRegistry().list(), pagedLedger]),
      simulate: { corpus: [{ workflow: 'paged-ledger', text: statement.text, truth: statement.truth }] },
      latency: { meanMs: 400, jitterMs: 100 },
      env: { LOCK_DURATION_MS: '1000', STALLED_INTERVAL_MS: '300', QUARRY_WORKFLOWS: dir },
    });
    const doomedSlots = 4;
    const doomed = testBed.spawnWorker({
      ...h.env,
      WORKER_CONCURRENCY: String(doomedSlots),
      LOG_LEVEL: 'info',
    });
    await doomed.ready;
    const { jobId } = await h.client.enqueue('paged-ledger', { text: statement.text });
    const keys = quarryKeys({ prefix: h.prefix });
    const splitKeys = async () => h.redis.keys(`${keys.split('x').replace(/:x$/, '')}:*`);
    // Some children done, others in flight: kill the worker that runs them.
    await waitFor(
      async () => {
        const [key] = await splitKeys();
        if (!key) return false;
        const fields = await h.redis.hkeys(key);
        return fields.filter((field) => field.startsWith('r:')).length >= 3 && h.standin.stats.inFlight > 0;
      },
      30_000,
      'three children saved and another in flight',
    );
    doomed.child.kill('SIGKILL');
    expect(await doomed.exited).toMatchObject({ signal: 'SIGKILL' });
    const savedBeforeKill = (await h.redis.hkeys((await splitKeys())[0] ?? '')).filter((f) =>
      f.startsWith('r:'),
    );

    // The same workflow file on a second worker process: its saved attempts match the children's.
    const survivor = testBed.spawnWorker({ ...h.env, WORKER_CONCURRENCY: '4', LOG_LEVEL: 'info' });
    await survivor.ready;
    const result = await h.client.waitForResult(jobId, { timeoutMs: 60_000 });
    expect(result.data).toEqual(statement.truth);
    const children = result.split?.children ?? 0;
    expect(children).toBe(13);
    expect(savedBeforeKill.length).toBeGreaterThanOrEqual(3);
    // Every window was asked; the only windows asked twice are those whose call the kill cut off
    // (at most one a slot of the killed worker, answered into a closed connection or not at all):
    // no child that completed, nor any answer a worker saved, was paid for again.
    const { perDocument, byStatus } = h.standin.stats;
    expect(Object.keys(perDocument)).toHaveLength(children);
    const twice = Object.values(perDocument).filter(({ calls }) => calls > 1);
    expect(twice.length).toBeLessThanOrEqual(doomedSlots);
    expect(twice.every(({ calls }) => calls === 2)).toBe(true);
    expect(byStatus['200'] ?? 0).toBeLessThanOrEqual(children + doomedSlots);
    expect(result.attempts).toBe(children);
  });
});
