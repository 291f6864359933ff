import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';
import { ProcessError } from './process-error';
import { type RunningProcess, spawnProcess } from './spawn-process';
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

const READY = /Ready to accept connections/;

/** Starts `redis-server` and waits until it accepts connections; kills it when it does not. */
async function start(binary: string, args: readonly string[], timeoutMs: number): Promise<RunningProcess> {
  const server = spawnProcess({ command: binary, args });
  try {
    await server.waitForLine(READY, { stream: 'stdout', timeoutMs });
    return server;
  } catch (error) {
    await server.kill();
    if (!(error instanceof ProcessError)) throw error;
    const output = `${server.stdout}${server.stderr}`.slice(-2000);
    switch (error.reason) {
      case 'spawn_failed':
        throw new SpawnRedisError({
          reason: 'not_found',
          message: `Cannot start ${binary} (is Redis installed and on PATH?): ${String(error.cause)}`,
          output: '',
          cause: error,
        });
      case 'exited':
        throw new SpawnRedisError({
          reason: 'exited',
          message: `redis-server exited (${error.exit?.signal ?? `code ${error.exit?.code}`}) before it was ready`,
          output,
          cause: error,
        });
      case 'timeout':
        throw new SpawnRedisError({
          reason: 'timeout',
          message: `redis-server was not ready within ${timeoutMs} ms`,
          output,
          cause: error,
        });
    }
  }
}

/**
 * Starts a `redis-server` of its own on a free port, bound to 127.0.0.1, with RDB snapshots off and
 * its data in a temporary directory. Resolves once the server accepts connections.
 */
export async function spawnRedis(options: SpawnRedisOptions = {}): Promise<SpawnedRedis> {
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
  let server: RunningProcess | undefined;
  for (let attempt = 1; !server; attempt++) {
    port = await freePort();
    try {
      server = await start(binary, argsFor(port), timeoutMs);
    } catch (error) {
      const portTaken = error instanceof SpawnRedisError && /Address already in use/i.test(error.output);
      if (!portTaken || attempt >= 3) {
        if (ownsDir) await rm(dir, { recursive: true, force: true });
        throw error;
      }
    }
  }

  let current: RunningProcess | null = server;
  let stopped = false;
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    const target = current;
    current = null;
    await target?.stop({ signal });
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
