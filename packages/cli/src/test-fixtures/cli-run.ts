import { Writable } from 'node:stream';
import type { CliTerminal } from '../cli-context';
import { runCli } from '../run-cli';

/** What one in-process `quarry` run printed and returned. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Questions asked on the terminal. */
  readonly asked: readonly string[];
}

/** Runs `quarry argv…` in-process; with `answers`, on a fake terminal that answers the questions in order. */
export async function runQuarry(
  argv: readonly string[],
  env: Record<string, string>,
  answers?: readonly string[],
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const asked: string[] = [];
  const pending = [...(answers ?? [])];
  // A terminal on standard error: what is drawn on it lands in `stderr`.
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        stderr += chunk.toString();
        done();
      },
    }),
    { isTTY: true, columns: 100 },
  );
  const terminal: CliTerminal = {
    stream,
    async ask(question) {
      asked.push(question);
      return pending.shift() ?? '';
    },
  };
  const code = await runCli({
    argv,
    context: {
      env,
      cwd: process.cwd(),
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      ...(answers ? { terminal } : {}),
    },
  });
  return { code, stdout, stderr, asked };
}
