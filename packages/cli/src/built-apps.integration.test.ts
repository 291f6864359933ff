import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSamples } from '@quarry/samples';
import { type Standin, startStandin } from '@quarry/standin';
import { it, runProcess } from '@quarry/testing';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import cliPackage from '../package.json' with { type: 'json' };

const root = fileURLToPath(new URL('../../../', import.meta.url));
const built = (app: string) => join(root, 'apps', app, 'dist', 'main.js');
const [sample] = loadSamples('invoice');
if (!sample) throw new Error('no invoice samples');

/**
 * The apps as `pnpm quarry`, `pnpm worker` and the images run them: the bundles in apps/<app>/dist,
 * plain JavaScript on node. (The other process tests run the sources with tsx, so they need no build;
 * this one proves the bundles work: every module they load at run time is inlined or resolvable.)
 */
describe('the built cli and worker (node apps/<app>/dist/main.js)', () => {
  let standin: Standin;

  beforeAll(async () => {
    // turbo skips the build when dist matches the sources.
    const build = await runProcess({
      command: join(root, 'node_modules', '.bin', 'turbo'),
      args: [
        'run',
        'build',
        '--filter=@quarry/app-cli',
        '--filter=@quarry/app-worker',
        '--output-logs=errors-only',
      ],
      cwd: root,
      timeoutMs: 240_000,
    });
    if (build.code !== 0) throw new Error(`the build failed: ${build.stdout}${build.stderr}`);
    standin = await startStandin({
      simulate: { corpus: [{ workflow: 'invoice', text: sample.text, truth: sample.truth }] },
    });
  }, 300_000);
  afterAll(() => standin?.close());

  it('enqueue --wait --json through the built cli is answered by the built worker', async ({
    redisUrl,
    prefix,
    processes,
  }) => {
    const env = { ...process.env, REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
    processes.start({
      command: process.execPath,
      args: [built('worker')],
      cwd: root,
      env: { ...env, ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: standin.url, LOG_LEVEL: 'silent' },
    });
    const run = await processes.run({
      command: process.execPath,
      args: [
        built('cli'),
        'enqueue',
        '-w',
        'invoice',
        '--text',
        sample.text,
        '--wait',
        '--timeout',
        '60',
        '--json',
      ],
      cwd: root,
      env,
      timeoutMs: 90_000,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const output = JSON.parse(run.stdout) as { data: unknown; jobId: string };
    expect(output).toMatchObject({ jobId: expect.any(String), data: sample.truth });
  }, 120_000);

  it('prints its version', async ({ processes }) => {
    const run = await processes.run({
      command: process.execPath,
      args: [built('cli'), '--version'],
      cwd: root,
    });
    expect(run).toMatchObject({ code: 0, stdout: `${cliPackage.version}\n`, stderr: '' });
  });

  it('pnpm quarry without a build says to run pnpm build', async ({ processes }) => {
    const bare = mkdtempSync(join(tmpdir(), 'quarry-unbuilt-'));
    try {
      cpSync(join(root, 'scripts', 'build', 'run-app.mjs'), join(bare, 'scripts', 'build', 'run-app.mjs'));
      const run = await processes.run({
        command: process.execPath,
        args: [join(bare, 'scripts', 'build', 'run-app.mjs'), 'cli', '--help'],
        cwd: bare,
      });
      expect(run).toMatchObject({
        code: 1,
        stdout: '',
        stderr: 'apps/cli/dist/main.js is missing: run "pnpm build" (or "pnpm install") first\n',
      });
      const unknown = await processes.run({
        command: process.execPath,
        args: [join(bare, 'scripts', 'build', 'run-app.mjs'), 'nope'],
        cwd: bare,
      });
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(/^run-app: unknown app "nope"; expected one of cli, worker/);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
