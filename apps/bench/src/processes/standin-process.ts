import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { StandinStats } from '@quarry/standin';

const standinMain = createRequire(import.meta.url).resolve('@quarry/standin/main');

/** The stand-in's options as its `--config` file takes them (`documentKey` as a pattern string). */
export type StandinProcessConfig = Record<string, unknown> & { readonly documentKey?: string };

/** A Messages API stand-in in its own process, so it never shares an event loop with a worker. */
export interface StandinProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** The stand-in's counters (`GET /_standin/stats`). */
  stats(): Promise<StandinStats>;
  close(): Promise<void>;
}

/** Starts the stand-in's entry (`@quarry/standin/main`) under tsx with `config` and waits until it listens. */
export async function spawnStandin(config: StandinProcessConfig): Promise<StandinProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'quarry-bench-standin-'));
  const configPath = join(dir, 'standin.json');
  await writeFile(configPath, JSON.stringify(config));
  const child = spawn(process.execPath, ['--import', 'tsx', standinMain, '--config', configPath], {
    cwd: dirname(standinMain),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => {
      try {
        resolve((JSON.parse(line) as { url: string }).url);
      } catch (error) {
        reject(
          new Error(`The stand-in printed ${JSON.stringify(line)} instead of its URL`, { cause: error }),
        );
      }
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`The stand-in exited (${signal ?? code}) before listening: ${stderr.slice(-2000)}`)),
    );
  });
  child.stdout?.resume();
  return {
    url,
    child,
    async stats() {
      const response = await fetch(`${url}/_standin/stats`);
      if (!response.ok) throw new Error(`GET /_standin/stats answered ${response.status}`);
      return (await response.json()) as StandinStats;
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
