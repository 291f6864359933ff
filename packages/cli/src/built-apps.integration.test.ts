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

  it('quarry --help and a bad flag load no network client: the Redis, Anthropic and S3 clients load when a command runs', async ({
    processes,
  }) => {
    // Node's own modules a process has loaded, printed as it exits: ioredis needs dns and tls, the
    // Anthropic and S3 SDKs http and https, BullMQ worker_threads. (commander needs child_process,
    // which brings net and dgram with it.)
    const loaded = `data:text/javascript,process.on('exit', () => process.stderr.write('\\nloaded:' +
      JSON.stringify(process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)))))`;
    const builtins = async (args: string[], env: NodeJS.ProcessEnv = process.env) => {
      const run = await processes.run({
        command: process.execPath,
        args: ['--import', loaded, built('cli'), ...args],
        cwd: root,
        env,
      });
      const [, list] = run.stderr.split('\nloaded:');
      return { code: run.code, modules: JSON.parse(list ?? '[]') as string[] };
    };
    const network = ['dns', 'tls', 'http', 'https', 'http2', 'worker_threads'];
    for (const args of [['--help'], ['dlq', 'list', '--help'], ['enqueue', '--nope']]) {
      const { modules } = await builtins(args);
      expect(modules, args.join(' ')).toContain('readline/promises');
      for (const name of network) expect(modules, `${args.join(' ')} loads ${name}`).not.toContain(name);
    }
    // The same probe sees them once a command talks to Redis, so it can fail.
    const { modules } = await builtins(['dlq', 'list', '--json'], {
      ...process.env,
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    expect(modules).toContain('dns');
  });

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
