import { type ChildProcess, spawn } from 'node:child_process';
import { OutputBuffer } from './output-buffer';
import { ProcessError, type ProcessExit } from './process-error';

/** One of a process's output streams. */
export type OutputStream = 'stdout' | 'stderr';

/** A line wanted: a pattern it matches, or a test. */
export type LineMatch = RegExp | ((line: string) => boolean);

/** Options of {@link spawnProcess}. */
export interface SpawnProcessOptions {
  readonly command: string;
  readonly args?: readonly string[];
  readonly cwd?: string;
  /** The child's whole environment. Default: this process's. */
  readonly env?: NodeJS.ProcessEnv;
  /** Start it as the leader of its own process group, so stop and kill reach what it starts (`pnpm` → node). Default false. */
  readonly group?: boolean;
  /** Characters kept of each stream (the latest). Default 4 Mi. */
  readonly maxOutputChars?: number;
}

/** How a process ended, and what it wrote. */
export interface ProcessResult extends ProcessExit {
  readonly stdout: string;
  readonly stderr: string;
}

/** A process started by {@link spawnProcess}. */
export interface RunningProcess {
  readonly child: ChildProcess;
  /** Command and arguments, for messages. */
  readonly command: string;
  /** Resolves once it has ended and its output is read (with no exit code or signal when it could not start). */
  readonly exited: Promise<ProcessExit>;
  /** Standard output so far (the latest `maxOutputChars`). */
  readonly stdout: string;
  readonly stderr: string;
  /** Calls `listener` with every complete line from now on; returns the function that stops it. */
  onLine(listener: (line: string, stream: OutputStream) => void): () => void;
  /**
   * The first line, already written or to come, that `match` accepts (of `stream`, default both).
   * @throws ProcessError when it cannot start, exits first, or after `timeoutMs` (default 30 s).
   */
  waitForLine(
    match: LineMatch,
    options?: { readonly stream?: OutputStream; readonly timeoutMs?: number },
  ): Promise<string>;
  /**
   * Its exit and output once it ended and its output is read.
   * @throws ProcessError when it cannot start, or after `timeoutMs` (default 30 s; it keeps running).
   */
  waitForExit(options?: { readonly timeoutMs?: number }): Promise<ProcessResult>;
  /** Sends `signal` (default SIGTERM), SIGKILL after `graceMs` (default 5 s); resolves once it is gone. */
  stop(options?: { readonly signal?: NodeJS.Signals; readonly graceMs?: number }): Promise<ProcessResult>;
  /** SIGKILL; resolves once it is gone. */
  kill(): Promise<ProcessResult>;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** Processes still running, SIGKILLed if this process exits without stopping them. */
const running = new Set<() => void>();
let exitHookInstalled = false;

/**
 * Starts `command` with its output collected (stdin closed), killed if this process exits first.
 * The one way Quarry's tests, demo and bench start a process and wait on what it prints.
 */
export function spawnProcess(options: SpawnProcessOptions): RunningProcess {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const killNow of running) killNow();
    });
  }
  const args = options.args ?? [];
  const command = [options.command, ...args].join(' ');
  const child = spawn(options.command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.group ?? false,
  });
  const listeners = new Set<(line: string, stream: OutputStream) => void>();
  const maxChars = options.maxOutputChars ?? 4 * 1024 * 1024;
  const buffer = (stream: OutputStream) =>
    new OutputBuffer({
      maxChars,
      onLine: (line) => {
        for (const listener of listeners) listener(line, stream);
      },
    });
  const out = { stdout: buffer('stdout'), stderr: buffer('stderr') };
  for (const stream of ['stdout', 'stderr'] as const) {
    child[stream].setEncoding('utf8');
    child[stream].on('data', (chunk: string) => out[stream].write(chunk));
    child[stream].on('end', () => out[stream].end());
  }

  const signal = (name: NodeJS.Signals) => {
    try {
      if (options.group && child.pid !== undefined) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // Already gone.
    }
  };
  const killNow = () => signal('SIGKILL');
  let exit: ProcessExit | null = null;
  let spawnError: Error | null = null;
  const gone = new Promise<void>((resolve) => {
    child.once('exit', (code, name) => {
      exit = { code, signal: name };
      running.delete(killNow);
      resolve();
    });
  });
  const ended = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.once('error', (error) => {
      if (child.pid !== undefined) return;
      spawnError = error;
      resolve();
    });
  });
  if (child.pid !== undefined) running.add(killNow);

  const result = (): ProcessResult => ({ ...(exit ?? { code: null, signal: null }), ...texts() });
  const texts = () => ({ stdout: out.stdout.text, stderr: out.stderr.text });
  const failure = (reason: ProcessError['reason'], message: string, cause?: unknown) =>
    new ProcessError({
      reason,
      message,
      command,
      exit,
      output: `${out.stderr.text}${out.stdout.text}`.slice(-2000),
      cause,
    });
  const spawnFailure = () =>
    failure('spawn_failed', `Cannot start ${command}: ${spawnError?.message}`, spawnError);
  const deadline = <T>(timeoutMs: number, what: string, work: Promise<T>, cleanup = () => {}) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(failure('timeout', `${command}: no ${what} within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    return Promise.race([work, late]).finally(() => {
      clearTimeout(timer);
      cleanup();
    });
  };

  const stop: RunningProcess['stop'] = async ({ signal: name = 'SIGTERM', graceMs = 5_000 } = {}) => {
    let killed = name === 'SIGKILL';
    if (exit === null && spawnError === null) {
      signal(name);
      const timer = setTimeout(() => {
        killed = true;
        killNow();
      }, graceMs);
      await gone;
      clearTimeout(timer);
    }
    if (killed) {
      // What a killed process left in its pipes, or a child of it still holding them, is of no interest.
      child.stdout.destroy();
      child.stderr.destroy();
    }
    await ended;
    return result();
  };

  return {
    child,
    command,
    exited: ended.then(() => exit ?? { code: null, signal: null }),
    get stdout() {
      return out.stdout.text;
    },
    get stderr() {
      return out.stderr.text;
    },
    onLine(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    waitForLine(match, { stream, timeoutMs = DEFAULT_TIMEOUT_MS } = {}) {
      const accepts = (line: string) => (match instanceof RegExp ? match.test(line) : match(line));
      const streams = stream ? [stream] : (['stdout', 'stderr'] as const);
      const seen = streams.flatMap((name) => out[name].lines()).find(accepts);
      if (seen !== undefined) return Promise.resolve(seen);
      let stopListening = () => {};
      const found = new Promise<string>((resolve, reject) => {
        const listener = (line: string, from: OutputStream) => {
          if (streams.includes(from) && accepts(line)) resolve(line);
        };
        listeners.add(listener);
        stopListening = () => listeners.delete(listener);
        ended.then(() =>
          reject(
            spawnError ? spawnFailure() : failure('exited', `${command} exited (${exitText(exit)}) first`),
          ),
        );
      });
      return deadline(timeoutMs, `line matching ${String(match)}`, found, () => stopListening());
    },
    waitForExit({ timeoutMs = DEFAULT_TIMEOUT_MS } = {}) {
      const done = ended.then(() => {
        if (spawnError) throw spawnFailure();
        return result();
      });
      return deadline(timeoutMs, 'exit', done);
    },
    stop,
    kill: () => stop({ signal: 'SIGKILL', graceMs: 0 }),
  };
}

function exitText(exit: ProcessExit | null): string {
  return exit?.signal ?? `code ${exit?.code}`;
}
