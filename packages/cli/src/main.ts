#!/usr/bin/env tsx
/** `quarry …`: runs the command line in this process and exits with its code (see `runCli`). */
import { createInterface } from 'node:readline/promises';
import type { CliTerminal } from './cli-context';
import { runCli } from './run-cli';

const terminal: CliTerminal | undefined =
  process.stdin.isTTY && process.stderr.isTTY
    ? {
        async ask(question) {
          const lines = createInterface({ input: process.stdin, output: process.stderr });
          try {
            return await lines.question(question);
          } finally {
            lines.close();
          }
        },
        stream: process.stderr,
      }
    : undefined;

const code = await runCli({
  argv: process.argv.slice(2),
  context: {
    env: process.env,
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    ...(terminal ? { terminal } : {}),
  },
});
process.exitCode = code;
