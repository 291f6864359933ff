import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';
import { SpawnRedisError } from './spawn-redis-error';

/** Options of {@link spawnRedis}. */
export interface SpawnRedisOptions {
  /** Turn on the append-only file with `appendfsync always`, so data survives a kill. Default false. */
  readonly appendOnly?: boolean;
  /** Extra `redis-server` arguments, appended last (they win). */
  readonly args?: readonly string[];
  /** Data directory; a fresh temporary one (removed on `stop()`) when not given. */
  readonly dir?: string;
  /** The `redis-server` binary. Default `redis-server` from PATH. */
  readonly binary?: string;
  /** How long to wait for "Ready to accept connections". Default 10 s. */
  readonly readyTimeoutMs?: number;
}

/** A `redis-server` process of one's own, for tests that stop, kill or restart Redis. */
export interface SpawnedRedis {
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /** Stops the server (SIGTERM) and removes its data directory if it was created here. Idempotent. */
  stop(): Promise<void>;
  /** Sends `signal` (default SIGKILL) and waits for the process to exit; the data directory stays. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Stops the server if it runs, then starts it again on the same port with the same data directory. */
  restart(): Promise<void>;
}

/** Processes still running, killed if the test process exits without stopping them. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

const READY = /Ready to accept connections/;

function start(binary: string, args: readonly string[], timeoutMs: number): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let settled = false;
    const settle = (error: SpawnRedisError | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      // Keep draining the log so a full pipe never blocks the server.
      child.stdout?.resume();
      child.stderr?.resume();
      if (error) {
        child.kill('SIGKILL');
        reject(error);
        return;
      }
      running.add(child);
      child.once('exit', () => running.delete(child));
      resolve(child);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (READY.test(output)) settle(null);
    };
    const tail = () => output.slice(-2000);
    const timer = setTimeout(
      () =>
        settle(
          new SpawnRedisError({
            reason: 'timeout',
            message: `redis-server was not ready within ${timeoutMs} ms`,
            output: tail(),
          }),
        ),
      timeoutMs,
    );
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('error', (error) =>
      settle(
        new SpawnRedisError({
          reason: 'not_found',
          message: `Cannot start ${binary} (is Redis installed and on PATH?): ${error.message}`,
          output: '',
          cause: error,
        }),
      ),
    );
    child.once('exit', (code, signal) =>
      settle(
        new SpawnRedisError({
          reason: 'exited',
          message: `redis-server exited (${signal ?? `code ${code}`}) before it was ready`,
          output: tail(),
        }),
      ),
    );
  });
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts a `redis-server` of its own on a free port, bound to 127.0.0.1, with RDB snapshots off and
 * its data in a temporary directory. Resolves once the server accepts connections.
 */
export async function spawnRedis(options: SpawnRedisOptions = {}): Promise<SpawnedRedis> {
  installExitHook();
  const ownsDir = options.dir === undefined;
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'quarry-redis-')));
  const binary = options.binary ?? 'redis-server';
  const timeoutMs = options.readyTimeoutMs ?? 10_000;
  const argsFor = (port: number) => [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    options.appendOnly ? 'yes' : 'no',
    ...(options.appendOnly ? ['--appendfsync', 'always'] : []),
    ...(options.args ?? []),
  ];

  // Another process may take the port between probing and binding; try a few.
  let port = 0;
  let child: ChildProcess | undefined;
  for (let attempt = 1; !child; attempt++) {
    port = await freePort();
    try {
      child = await start(binary, argsFor(port), timeoutMs);
    } catch (error) {
      const portTaken = error instanceof SpawnRedisError && /Address already in use/i.test(error.output);
      if (!portTaken || attempt >= 3) {
        if (ownsDir) await rm(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }

  let current: ChildProcess | null = child;
  let stopped = false;
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const target = current;
    current = null;
    if (!target) return;
    target.kill(signal);
    await waitForExit(target);
  };

  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    kill,
    async stop() {
      await kill('SIGTERM');
      if (ownsDir && !stopped) await rm(dir, { recursive: true, force: true });
      stopped = true;
    },
    async restart() {
      if (stopped) throw new TypeError('Cannot restart a spawned Redis after stop()');
      await kill('SIGTERM');
      current = await start(binary, argsFor(port), timeoutMs);
    },
  };
}
