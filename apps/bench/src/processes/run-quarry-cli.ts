import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The runnable entry of `@quarry/cli`, found through its `./main` export (when a line runs it: the bench's bundle has none). */
const cliMain = () => fileURLToPath(import.meta.resolve('@quarry/cli/main'));

/** What a `quarry` command printed and how it exited. */
export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `quarry <args>` (`@quarry/cli/main` under tsx) with `env` on top of the current environment. */
export function runQuarryCli(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<CliRun> {
  const main = cliMain();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', main, ...args], {
      cwd: dirname(main),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
