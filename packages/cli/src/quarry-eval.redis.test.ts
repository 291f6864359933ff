import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EvalReport } from '@quarry/eval';
import { loadSamples } from '@quarry/samples';
import { type Standin, startStandin } from '@quarry/standin';
import { it, runProcess } from '@quarry/testing';
import { createWorker, loadWorkerConfig, type QuarryWorker } from '@quarry/worker';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const cliMain = fileURLToPath(new URL('./main.ts', import.meta.url));
const samples = loadSamples('support-ticket').slice(0, 8);

/** `quarry args…` as a process (tsx), with only `env` (and PATH, HOME). */
const quarry = (args: readonly string[], env: Record<string, string>) =>
  runProcess({
    command: tsx,
    args: [cliMain, ...args],
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    timeoutMs: 120_000,
  });

describe('quarry eval import, run and runs: a labelled set through the worker, scored', {
  timeout: 240_000,
}, () => {
  let dir: string;
  let standin: Standin;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quarry-eval-'));
    const manifest = samples.map((sample, i) =>
      JSON.stringify({ id: `t${i}`, text: sample.text, expected: sample.truth }),
    );
    await writeFile(join(dir, 'manifest.jsonl'), `${manifest.join('\n')}\n`);
    standin = await startStandin({
      simulate: {
        corpus: samples.map((sample) => ({
          workflow: 'support-ticket',
          text: sample.text,
          truth: sample.truth,
        })),
        plant: { wrongRate: 0.2, missingRate: 0, inventedRate: 0, seed: 3 },
      },
    });
  });
  afterAll(async () => {
    await standin?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('scores the planted mistakes, stores the run, and gates on a baseline (exit 3)', async ({
    redisUrl,
    prefix,
  }) => {
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
    const worker: QuarryWorker = createWorker({
      config: loadWorkerConfig({
        ...env,
        ANTHROPIC_API_KEY: 'test-key',
        ANTHROPIC_BASE_URL: standin.url,
        LOG_LEVEL: 'silent',
        WORKER_CONCURRENCY: '4',
      }),
    });
    try {
      await worker.waitUntilReady();
      const imported = await quarry(
        ['eval', 'import', dir, '--out', 'tickets', '--workflow', 'support-ticket', '--json'],
        env,
      );
      expect(imported.stderr).toBe('');
      expect(JSON.parse(imported.stdout)).toMatchObject({
        set: 'tickets',
        items: samples.length,
        added: samples.length,
      });

      const out = join(dir, 'report.json');
      const run = await quarry(
        ['eval', 'run', '--set', 'tickets', '--workflow', 'support-ticket', '--json', '--out', out],
        env,
      );
      expect(run.code, run.stderr).toBe(0);
      const { report } = JSON.parse(run.stdout) as { report: EvalReport };
      expect(report.summary.items).toBe(samples.length);
      const planted = standin.planted?.totals;
      if (!planted) throw new Error('the stand-in planted nothing');
      expect(planted.documents).toBe(samples.length);
      // Leaf by leaf: a wrong value is a false positive and a false negative.
      const truePositives = planted.present - planted.wrong - planted.missing;
      const expectedF1 =
        (2 * truePositives) /
        (2 * truePositives + planted.wrong + planted.invented + planted.wrong + planted.missing);
      expect(report.summary.completed + report.summary.deadLettered).toBe(samples.length);
      expect(Math.abs((report.summary.overall.f1 ?? 0) - expectedF1)).toBeLessThanOrEqual(0.02);
      expect(report.summary.overall.f1).toBeLessThan(1);
      expect(JSON.parse(await readFile(out, 'utf8'))).toMatchObject({ run: { runId: report.run.runId } });

      const runs = await quarry(['eval', 'runs', '--json'], env);
      expect(JSON.parse(runs.stdout).runs).toEqual([
        expect.objectContaining({
          runId: report.run.runId,
          set: 'tickets',
          workflow: 'support-ticket',
          items: samples.length,
        }),
      ]);

      // A baseline that scored every field perfectly: this run is a drop, so the gate fails.
      const perfect = structuredClone(report);
      perfect.summary.overall = { ...perfect.summary.overall, f1: 1, precision: 1, recall: 1 };
      const baseline = join(dir, 'perfect.json');
      await writeFile(baseline, JSON.stringify(perfect));
      const gated = await quarry(
        [
          'eval',
          'run',
          '--set',
          'tickets',
          '--workflow',
          'support-ticket',
          '--baseline',
          baseline,
          '--limit',
          '2',
        ],
        env,
      );
      expect(gated.code, gated.stderr).toBe(3);
      const lenient = await quarry(
        [
          'eval',
          'run',
          '--set',
          'tickets',
          '--workflow',
          'support-ticket',
          '--baseline',
          report.run.runId,
          '--max-drop',
          '1',
          '--limit',
          '2',
        ],
        env,
      );
      expect(lenient.code, lenient.stderr).toBe(0);
    } finally {
      await worker.close({ graceMs: 1000 });
    }
  });

  it('counts a dead-lettered item as missed, and leaves no dead letter of the run in the DLQ', async ({
    redisUrl,
    prefix,
  }) => {
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
    const invalid = await startStandin({
      script: Array.from({ length: 10 }, () => ({ kind: 'json', value: {} })),
    });
    const worker = createWorker({
      config: loadWorkerConfig({
        ...env,
        ANTHROPIC_API_KEY: 'test-key',
        ANTHROPIC_BASE_URL: invalid.url,
        LOG_LEVEL: 'silent',
        JOB_ATTEMPTS: '1',
      }),
    });
    const one = await mkdtemp(join(tmpdir(), 'quarry-eval-dlq-'));
    try {
      await worker.waitUntilReady();
      const [sample] = samples;
      await writeFile(
        join(one, 'manifest.jsonl'),
        `${JSON.stringify({ id: 'd0', text: sample?.text, expected: sample?.truth })}\n`,
      );
      expect(
        (await quarry(['eval', 'import', one, '--out', 'doomed', '--workflow', 'support-ticket'], env)).code,
      ).toBe(0);
      const run = await quarry(
        ['eval', 'run', '--set', 'doomed', '--workflow', 'support-ticket', '--json'],
        env,
      );
      expect(run.code, run.stderr).toBe(0);
      const { report } = JSON.parse(run.stdout) as { report: EvalReport };
      expect(report.summary).toMatchObject({ items: 1, deadLettered: 1, completed: 0 });
      expect(report.summary.overall.recall).toBe(0);
      const dlq = await quarry(['dlq', 'list', '--json'], env);
      expect(JSON.parse(dlq.stdout)).toEqual([]);
    } finally {
      await worker.close({ graceMs: 1000 });
      await invalid.close();
      await rm(one, { recursive: true, force: true });
    }
  });

  it('refuses bad input with a clear error and stores nothing', async ({ redisUrl, prefix }) => {
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
    const bad = await mkdtemp(join(tmpdir(), 'quarry-eval-bad-'));
    try {
      await writeFile(
        join(bad, 'manifest.jsonl'),
        `${JSON.stringify({ id: 'a', text: 'x', expected: { category: 'not-a-category' } })}\n`,
      );
      const imported = await quarry(
        ['eval', 'import', bad, '--out', 'bad', '--workflow', 'support-ticket'],
        env,
      );
      expect(imported.code).toBe(1);
      expect(imported.stderr).toMatch(
        /expected outputs do not fit their workflow, nothing was stored:\n {2}a: expected /,
      );
      expect(JSON.parse((await quarry(['eval', 'sets', '--json'], env)).stdout)).toEqual({ sets: [] });

      await writeFile(join(bad, 'manifest.jsonl'), '{"id": "a", "text": "x", "expected": {}}\nnot json\n');
      const broken = await quarry(['eval', 'import', bad, '--out', 'bad'], env);
      expect(broken.code).toBe(1);
      expect(broken.stderr).toMatch(/line 2/);

      // A document over the blob store's limit: named, and the command fails before storing it.
      const big = await mkdtemp(join(tmpdir(), 'quarry-eval-big-'));
      await writeFile(join(big, 'scan.pdf'), `%PDF-1.4\n${'x'.repeat(4096)}`);
      await writeFile(join(big, 'scan.json'), JSON.stringify(samples[0]?.truth));
      const tooBig = await runQuarry(
        ['eval', 'import', big, '--out', 'big', '--workflow', 'support-ticket'],
        {
          ...env,
          QUARRY_BLOB_DIR: join(big, 'blobs'),
          QUARRY_BLOB_MAX_BYTES: '1024',
        },
      );
      await rm(big, { recursive: true, force: true });
      expect(tooBig.code).toBe(1);
      expect(tooBig.stderr).toMatch(/item scan: its document is over the blob store's 1024 bytes/);

      for (const [args, message] of [
        [['eval', 'run', '--workflow', 'support-ticket'], /--set <set> is required/],
        [['eval', 'run', '--set', 'nope', '--workflow', 'support-ticket'], /no stored set nope/],
        [['eval', 'run', '--set', 'x', '--workflow', 'no-such-workflow'], /--workflow: /],
        [['eval', 'run', '--set', '../x', '--workflow', 'support-ticket'], /--set.*must be 1-64 letters/],
        [
          ['eval', 'run', '--set', 'x', '--workflow', 'support-ticket', '--max-drop', '2'],
          /--max-drop.*from 0 to 1/,
        ],
        [
          ['eval', 'run', '--set', 'x', '--workflow', 'support-ticket', '--concurrency', '0'],
          /--concurrency.*1 to 64/,
        ],
        [
          ['eval', 'run', '--set', 'x', '--workflow', 'support-ticket', '--baseline', 'no-such-run'],
          /--baseline: no stored run no-such-run/,
        ],
        [
          ['eval', 'run', '--set', 'x', '--workflow', 'support-ticket', '--baseline', '/dev/zero'],
          /--baseline: \/dev\/zero is not a regular file/,
        ],
        [
          ['eval', 'run', '--set', 'x', '--workflow', 'support-ticket', '--baseline', tmpdir()],
          /--baseline: cannot read .* \(EISDIR\)/,
        ],
      ] as const) {
        // In process: the same commands and errors, without a process start each.
        const run = await runQuarry(args, env);
        expect(run.code, args.join(' ')).toBe(1);
        expect(run.stderr, args.join(' ')).toMatch(message);
      }
    } finally {
      await rm(bad, { recursive: true, force: true });
    }
  });
});
