import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it, runProcess } from '@quarry/testing';
import { afterAll, describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';

/**
 * Bad-input catalogue, `quarry enqueue --file`: a file that is missing or not UTF-8 is refused with one
 * clean message before anything is enqueued, and no rejection is left unhandled (which Node would
 * print as a stack trace).
 */
describe('quarry enqueue --file with a bad file', () => {
  let redisUrl: string;
  let dir: string;
  let env: Record<string, string>;

  it.beforeAll(async ({ redisUrl: url, filePrefix }) => {
    redisUrl = url;
    dir = await mkdtemp(join(tmpdir(), 'quarry-cli-file-'));
    env = { REDIS_URL: redisUrl, QUARRY_PREFIX: filePrefix };
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const usageHint = 'Run "quarry enqueue --help" for usage.\n';

  it('names a missing file in one message, again and again, leaving no rejection unhandled', async () => {
    const problems: unknown[] = [];
    const record = (error: unknown) => problems.push(error);
    process.on('unhandledRejection', record);
    process.on('uncaughtException', record);
    try {
      for (const url of [redisUrl, 'redis://127.0.0.1:1']) {
        for (let i = 0; i < 25; i += 1) {
          const run = await runQuarry(['enqueue', '-w', 'invoice', '--file', '/nonexistent/invoice.txt'], {
            ...env,
            REDIS_URL: url,
          });
          expect(run).toMatchObject({
            code: 1,
            stdout: '',
            stderr: `quarry enqueue: cannot read --file /nonexistent/invoice.txt (ENOENT)\n${usageHint}`,
          });
        }
      }
      // Rejections are reported once the current tasks are done.
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.off('unhandledRejection', record);
      process.off('uncaughtException', record);
    }
    expect(problems.map(String)).toEqual([]);
  });

  it('row 92: refuses a file that is not UTF-8, naming the byte offset, instead of enqueuing U+FFFD', async () => {
    const file = join(dir, 'latin1.txt');
    await writeFile(
      file,
      Buffer.concat([Buffer.from('Invoice 7\nM'), Buffer.from([0xfc]), Buffer.from('ller')]),
    );
    const run = await runQuarry(['enqueue', '-w', 'invoice', '--file', file], env);
    expect(run).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `quarry enqueue: --file ${file} is not UTF-8 text: invalid UTF-8 at byte offset 11 (line 2): byte 0xfc does not start or continue a character; convert it to UTF-8 (or extract its text) first\n${usageHint}`,
    });
  });

  it('row 95: refuses a device, a FIFO or a file over 1 MiB at once, without reading it whole', async () => {
    const fifo = join(dir, 'invoice.fifo');
    execFileSync('mkfifo', [fifo]);
    const large = join(dir, 'large.txt');
    await writeFile(large, 'x'.repeat(1024 * 1024 + 1));
    for (const [file, problem] of [
      ['/dev/zero', 'is not a regular file'],
      [fifo, 'is not a regular file'],
      [large, 'is 1048577 bytes; a job holds at most 1048576 (1 MiB)'],
    ]) {
      const run = await runQuarry(['enqueue', '-w', 'invoice', '--file', file as string], env);
      expect(run).toMatchObject({
        code: 1,
        stdout: '',
        stderr: `quarry enqueue: --file ${file} ${problem}\n${usageHint}`,
      });
    }
  });

  it('row 93: quarry enqueue --file /nonexistent -> prints one clean line, no stack trace, as a process', async () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const run = await runProcess({
      command: join(root, 'node_modules', '.bin', 'tsx'),
      args: [main, 'enqueue', '-w', 'invoice', '--file', '/nonexistent/invoice.txt'],
      cwd: root,
      env: { ...process.env, ...env },
    });
    expect(run).toEqual({
      code: 1,
      signal: null,
      stdout: '',
      stderr: `quarry enqueue: cannot read --file /nonexistent/invoice.txt (ENOENT)\n${usageHint}`,
    });
  });
});
