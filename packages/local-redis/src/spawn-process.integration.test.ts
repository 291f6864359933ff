import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { ProcessError } from './process-error';
import { runProcess } from './run-process';
import { type RunningProcess, spawnProcess } from './spawn-process';

const started: RunningProcess[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((running) => running.kill()));
});

/** `node -e script` as a process of this test. */
function node(script: string, options: { group?: boolean } = {}): RunningProcess {
  const running = spawnProcess({ command: process.execPath, args: ['-e', script], ...options });
  started.push(running);
  return running;
}

/** Whether `pid` is a live process (not gone, not a zombie waiting to be reaped); Linux. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

describe('spawnProcess', () => {
  it('collects both streams and reports how it exited', async () => {
    const running = node('process.stdout.write("out\\n"); process.stderr.write("err"); process.exit(3)');
    expect(await running.waitForExit()).toEqual({ code: 3, signal: null, stdout: 'out\n', stderr: 'err' });
  });

  it('waits for a line written before or after the wait began, and only on the stream asked', async () => {
    const running = node(
      'console.log("first"); console.error("ready on stderr"); setTimeout(() => console.log("ready 42"), 50); setInterval(() => {}, 1000)',
    );
    expect(await running.waitForLine(/^ready \d+$/, { stream: 'stdout' })).toBe('ready 42');
    expect(await running.waitForLine((line) => line === 'first')).toBe('first');
    expect(running.stderr).toBe('ready on stderr\n');
  });

  it('tells every line to a listener', async () => {
    const running = node('console.log("a\\nb"); process.stdout.write("c")');
    const lines: string[] = [];
    running.onLine((line, stream) => lines.push(`${stream}:${line}`));
    await running.waitForExit();
    expect(lines).toEqual(['stdout:a', 'stdout:b', 'stdout:c']);
  });

  it('fails a wait when the process exits first, with its output', async () => {
    const running = node('console.error("bad flag"); process.exit(2)');
    const failure = running.waitForLine(/never/);
    await expect(failure).rejects.toBeInstanceOf(ProcessError);
    await expect(failure).rejects.toMatchObject({
      reason: 'exited',
      exit: { code: 2, signal: null },
      message: expect.stringMatching(/exited \(code 2\) first:\nbad flag/),
    });
  });

  it('fails a wait at its deadline and leaves the process running', async () => {
    const running = node('setInterval(() => {}, 1000)');
    await expect(running.waitForLine(/never/, { timeoutMs: 100 })).rejects.toMatchObject({
      reason: 'timeout',
      message: expect.stringContaining('no line matching /never/ within 100 ms'),
    });
    expect(running.child.exitCode).toBeNull();
    expect((await running.stop()).signal).toBe('SIGTERM');
  });

  it('stops with SIGTERM, and with SIGKILL once the grace period is over', async () => {
    const stubborn = node(
      'process.on("SIGTERM", () => console.log("ignored")); console.log("armed"); setInterval(() => {}, 1000)',
    );
    await stubborn.waitForLine(/^armed$/);
    const result = await stubborn.stop({ graceMs: 200 });
    expect(result.signal).toBe('SIGKILL');
    expect(result.stdout).toContain('ignored');
  });

  it('with group, kills what the process started too', async () => {
    const parent = node(
      `const child = require("node:child_process").spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "inherit" }); console.log(child.pid); setInterval(() => {}, 1000)`,
      { group: true },
    );
    const pid = Number(await parent.waitForLine(/^\d+$/));
    await parent.kill();
    // The grandchild gets the signal with its group; it is gone once init has reaped it.
    await expect.poll(() => running(pid), { timeout: 5_000 }).toBe(false);
  });

  it('names a command that cannot be started', async () => {
    const running = spawnProcess({ command: 'quarry-no-such-command' });
    await expect(running.waitForExit()).rejects.toMatchObject({
      reason: 'spawn_failed',
      message: expect.stringContaining('Cannot start quarry-no-such-command'),
    });
    await expect(running.waitForLine(/x/)).rejects.toMatchObject({ reason: 'spawn_failed' });
  });
});

describe('runProcess', () => {
  it('returns the exit and output of a finished process', async () => {
    const result = await runProcess({
      command: process.execPath,
      args: ['-e', 'console.log(process.env.X)'],
      env: { X: 'from env' },
    });
    expect(result).toEqual({ code: 0, signal: null, stdout: 'from env\n', stderr: '' });
  });

  it('kills a process that runs past its deadline', async () => {
    const failure = runProcess({
      command: process.execPath,
      args: ['-e', 'setInterval(() => {}, 1000)'],
      timeoutMs: 200,
    });
    await expect(failure).rejects.toMatchObject({ reason: 'timeout' });
  });
});
