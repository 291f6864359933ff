#!/usr/bin/env tsx
import { runCli } from './run-cli';

const code = await runCli({
  argv: process.argv.slice(2),
  context: {
    env: process.env,
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  },
});

/** Resolves once everything written to `stream` so far has been handed to the OS. */
const flushed = (stream: NodeJS.WriteStream) =>
  new Promise<void>((resolve) => stream.write('', () => resolve()));

// Exit as soon as the output is out: a Redis connection that never came up may keep ioredis timers around.
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
process.exit(code);
