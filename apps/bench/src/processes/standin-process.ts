import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnProcess } from '@quarry/local-redis';
import type { StandinStats } from '@quarry/standin';

/** True when this module runs from the bench's bundle, which holds the stand-in as `standin-main.js`. */
const bundled = import.meta.url.endsWith('.js');
const standinMain = fileURLToPath(
  bundled ? new URL('./standin-main.js', import.meta.url) : import.meta.resolve('@quarry/standin/main'),
);

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
  const standin = spawnProcess({
    command: process.execPath,
    args: [...(bundled ? [] : ['--import', 'tsx']), standinMain, '--config', configPath],
    cwd: dirname(standinMain),
  });
  let url: string;
  try {
    const line = await standin.waitForLine(() => true, { stream: 'stdout' });
    url = (JSON.parse(line) as { url: string }).url;
  } catch (error) {
    await standin.kill();
    await rm(dir, { recursive: true, force: true });
    throw new Error(`The stand-in did not print its URL: ${error instanceof Error ? error.message : error}`, {
      cause: error,
    });
  }
  return {
    url,
    child: standin.child,
    async stats() {
      const response = await fetch(`${url}/_standin/stats`);
      if (!response.ok) throw new Error(`GET /_standin/stats answered ${response.status}`);
      return (await response.json()) as StandinStats;
    },
    async close() {
      await standin.stop({ graceMs: 5000 });
      await rm(dir, { recursive: true, force: true });
    },
  };
}
