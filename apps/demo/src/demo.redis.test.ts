import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultModelTable, extractDefaults } from '@quarry/core';
import { it, runProcess } from '@quarry/testing';
import { describe, expect } from 'vitest';
import type { DemoSummary } from './demo-summary';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const main = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Runs `pnpm demo args` (src/main.ts under tsx) with only `env` (and PATH, HOME). */
function runDemo(args: readonly string[], env: Record<string, string>) {
  return runProcess({
    command: tsx,
    args: [main, ...args],
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    timeoutMs: 110_000,
  });
}

describe('pnpm demo with QUARRY_WORKFLOWS', () => {
  it('refuses a broken workflow file before starting anything, naming the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-demo-workflows-'));
    try {
      writeFileSync(join(dir, 'receipt.workflow.yaml'), 'name: receipt\nversion: one\n');
      const run = await runDemo(['--limit', '1'], {
        QUARRY_WORKFLOWS: dir,
        REDIS_URL: 'redis://127.0.0.1:1',
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('receipt.workflow.yaml');
      expect(run.stderr).not.toContain('Redis:');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('pnpm demo --limit 8 --json (child process, real Redis, simulated model)', () => {
  it('accounts for every job in its summary, exits 0 and leaves no keys or servers behind', async ({
    redisUrl,
    redis,
  }) => {
    const run = await runDemo(['--limit', '8', '--json'], {
      REDIS_URL: redisUrl,
      DEMO_DASHBOARD_PORT: '0',
      DEMO_TIMEOUT_SECONDS: '60',
    });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const summary = JSON.parse(lines[0] as string) as DemoSummary;
    expect(summary.documents).toBeNull();

    const { jobs } = summary;
    expect(jobs.total).toBe(8);
    expect(jobs.unfinished).toBe(0);
    expect(jobs.completedFirstTry + jobs.completedAfterRetries + jobs.needsReview + jobs.deadLettered).toBe(
      8,
    );
    expect(summary.workflows.length).toBeGreaterThanOrEqual(2);
    const perWorkflow = Object.values(summary.byWorkflow);
    expect(perWorkflow.reduce((sum, counts) => sum + counts.total, 0)).toBe(8);
    expect(summary.modelCalls).toBeGreaterThanOrEqual(8);
    expect(summary.tokens.input + summary.tokens.cacheCreation + summary.tokens.cacheRead).toBeGreaterThan(0);
    expect(summary.tokens.output).toBeGreaterThan(0);
    expect(summary.cacheReadShare).toBeGreaterThanOrEqual(0);
    expect(summary.cacheReadShare).toBeLessThanOrEqual(1);
    // The default model, priced from the model table (the demo's prompts stay below every tier).
    expect(summary.model).toBe(extractDefaults.modelId);
    const prices = defaultModelTable[extractDefaults.modelId]?.prices;
    expect(summary.modelPrices).toEqual(prices);
    const { tokens } = summary;
    const expected =
      ((prices?.input ?? 0) * tokens.input +
        (prices?.output ?? 0) * tokens.output +
        (prices?.cacheWrite5m ?? 0) * tokens.cacheCreation +
        (prices?.cacheRead ?? 0) * tokens.cacheRead) /
      1e6;
    expect(summary.costUsd).toBeGreaterThan(0);
    expect(summary.costUsd).toBeCloseTo(expected, 5);
    // Results waiting for review are compared apart, never as plain completions.
    expect(summary.accuracy.compared).toBe(jobs.completedFirstTry + jobs.completedAfterRetries);
    expect(summary.accuracy.needsReview.compared).toBe(jobs.needsReview);
    // The simulated model invents values in some invoices; grounding catches each of them, so every
    // completed result still equals the shipped truth.
    expect(summary.grounding.invented).toBeGreaterThan(0);
    expect(summary.grounding.caught).toBeGreaterThanOrEqual(summary.grounding.invented ?? 0);
    expect(summary.accuracy.exact).toBe(summary.accuracy.compared);
    // The persistent mistake of each workflow makes the first jobs fail, so lessons exist.
    expect(summary.lessons.length).toBeGreaterThan(0);
    expect(summary.dlqGroups.reduce((sum, group) => sum + group.count, 0)).toBe(jobs.deadLettered);
    expect(summary.dashboard?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(summary.prefix).toMatch(/^\{quarry-demo-[0-9a-f]{8}\}$/);
    expect(run.stderr).toContain('progress: 8/8 jobs done');

    const left: string[] = [];
    for await (const keys of redis.scanStream({ match: `${summary.prefix}*`, count: 500 }) as AsyncIterable<
      string[]
    >) {
      left.push(...keys);
    }
    expect(left).toEqual([]);
    await expect(fetch(summary.dashboard?.url as string)).rejects.toThrow();
    await expect(fetch(`${summary.metricsUrl}/healthz`)).rejects.toThrow();
  });

  it('--documents pdf: PDFs uploaded once per job, grounded by page, scans flagged no_text_layer', async ({
    redisUrl,
  }) => {
    const run = await runDemo(['--documents', 'pdf', '--limit', '4', '--json'], {
      REDIS_URL: redisUrl,
      DEMO_DASHBOARD_PORT: '0',
      DEMO_TIMEOUT_SECONDS: '60',
    });
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout.trim()) as DemoSummary;
    expect(summary.jobs).toMatchObject({ total: 4, unfinished: 0, deadLettered: 0 });
    const { documents } = summary;
    if (!documents) throw new Error('no documents part in the summary');
    // Four layouts in turn: one of them outlined (no text layer), one on two pages.
    expect(documents).toMatchObject({ pdfs: 4, pages: 5, withoutTextLayer: 1, jobs: 4 });
    // Each PDF went up once, whatever the attempts (more model calls than jobs).
    expect(summary.modelCalls).toBeGreaterThan(4);
    expect(documents.uploads).toBe(4);
    expect(documents.flaggedNoTextLayer).toBe(1);
    expect(documents.groundedFields).toBeGreaterThan(0);
    expect(documents.groundedOnPage).toBe(documents.groundedFields);
    expect(documents.textLayerAccuracy).toEqual({ compared: 3, exact: 3 });
    expect(run.stderr).toContain('PDF renderings, blobs in ');
  });

  it('stops with a message naming the variable on bad configuration', async ({ redisUrl }) => {
    const run = await runDemo(['--limit', 'few'], { DEMO_CONCURRENCY: 'lots', REDIS_URL: redisUrl });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--limit: expected a positive integer, got "few"');
    expect(run.stderr).toContain('DEMO_CONCURRENCY: expected an integer from 1 to 64, got "lots"');
    expect(run.stdout).toBe('');
  });
});
