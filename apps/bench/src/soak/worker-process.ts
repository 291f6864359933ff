import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const workerMain = createRequire(import.meta.url).resolve('@quarry/worker/main');

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
  const child = spawn(process.execPath, ['--import', 'tsx', workerMain], {
    cwd: dirname(workerMain),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      log.end();
      resolve();
    }),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    logFile,
    exited,
    async kill() {
      if (running()) child.kill('SIGKILL');
      await exited;
    },
    async stop(graceMs) {
      if (!running()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
