import type { ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnProcess } from '@quarry/local-redis';

const workerMain = fileURLToPath(import.meta.resolve('@quarry/worker/main'));

/** A `pnpm worker` process (the `@quarry/worker/main` entry under tsx), its output going to a log file. */
export interface SoakWorker {
  readonly child: ChildProcess;
  readonly logFile: string;
  readonly exited: Promise<void>;
  /** SIGKILL, and wait for the process to be gone. */
  kill(): Promise<void>;
  /** SIGTERM (graceful shutdown), SIGKILL after `graceMs`. */
  stop(graceMs: number): Promise<void>;
}

/** Starts a worker process configured by `env` (on top of PATH and HOME only). */
export function spawnSoakWorker(env: Readonly<Record<string, string>>, logFile: string): SoakWorker {
  const worker = spawnProcess({
    command: process.execPath,
    args: ['--import', 'tsx', workerMain],
    cwd: dirname(workerMain),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    maxOutputChars: 64 * 1024,
  });
  const log = createWriteStream(logFile, { flags: 'a' });
  worker.onLine((line) => log.write(`${line}\n`));
  const exited = worker.exited.then(() => {
    log.end();
  });
  return {
    child: worker.child,
    logFile,
    exited,
    async kill() {
      await worker.kill();
      await exited;
    },
    async stop(graceMs) {
      await worker.stop({ graceMs });
      await exited;
    },
  };
}
