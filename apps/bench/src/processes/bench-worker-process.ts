import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchWorkerMessage, BenchWorkerSpec } from './bench-worker-spec';

/** True when this module runs from the bench's bundle (`dist/*.js`, no TypeScript at run time). */
const bundled = import.meta.url.endsWith('.js');
const mainPath = fileURLToPath(
  new URL(bundled ? './bench-worker-main.js' : './bench-worker-main.ts', import.meta.url),
);
const benchDir = fileURLToPath(new URL(bundled ? '.' : '../..', import.meta.url));

type MemoryMessage = Extract<BenchWorkerMessage, { type: 'memory' }>;

/** A bench worker running in a child process (its own event loop, like a deployed worker). */
export interface BenchWorkerProcess {
  readonly child: ChildProcess;
  /** Resolves once the worker is ready to take jobs. */
  readonly ready: Promise<void>;
  readonly completed: number;
  readonly failed: number;
  /** Epoch ms of its latest completion (0 before the first). */
  readonly lastCompletedAt: number;
  readonly memory: readonly MemoryMessage[];
  /** Moves the worker's simulated tenant clock (spec `tenantClockMs`) and waits until it has. */
  setTenantClock(nowMs: number): Promise<void>;
  /** Asks the worker to close and waits for the process to exit. */
  close(): Promise<void>;
}

/**
 * Starts `bench-worker-main.ts` under tsx (or the bundle's `bench-worker-main.js`) with `--expose-gc`;
 * with `BENCH_WORKER_CPU_PROF_DIR` set, each worker process writes a CPU profile there when it exits.
 */
export function spawnBenchWorker(spec: BenchWorkerSpec): BenchWorkerProcess {
  const loader = bundled ? [] : ['--import', 'tsx'];
  const profileDir = process.env.BENCH_WORKER_CPU_PROF_DIR;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, ['--expose-gc', ...profile, ...loader, mainPath], {
    cwd: benchDir,
    env: { ...process.env, BENCH_WORKER_SPEC: JSON.stringify(spec) },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const state = { completed: 0, failed: 0, lastCompletedAt: 0 };
  const memory: MemoryMessage[] = [];
  const clockWaiters: (() => void)[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (message: BenchWorkerMessage) => {
      switch (message.type) {
        case 'ready':
          resolve();
          break;
        case 'progress':
          state.completed = message.completed;
          state.failed = message.failed;
          state.lastCompletedAt = message.lastCompletedAt;
          break;
        case 'memory':
          memory.push(message);
          break;
        case 'error':
          stderr += `\n${message.message}`;
          break;
        case 'clock':
          // Commands are answered in order: this answers the oldest.
          clockWaiters.shift()?.();
          break;
      }
    });
    child.once('exit', (code, signal) =>
      reject(
        new Error(`bench worker exited (${signal ?? code}) before it was ready: ${stderr.slice(-2000)}`),
      ),
    );
  });
  ready.catch(() => {});
  return {
    child,
    ready,
    get completed() {
      return state.completed;
    },
    get failed() {
      return state.failed;
    },
    get lastCompletedAt() {
      return state.lastCompletedAt;
    },
    memory,
    setTenantClock(nowMs) {
      const moved = new Promise<void>((resolve) => clockWaiters.push(resolve));
      child.send({ type: 'clock', nowMs });
      return moved;
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (child.connected) child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
