import { setMaxListeners } from 'node:events';
import { ConfigError } from '@quarry/env';
import { demoHelp, loadDemoConfig } from './demo-config';
import { DemoRedisUnavailableError } from './demo-redis-unavailable-error';
import { renderSummary } from './render-summary';
import { runDemo } from './run-demo';

/** Signals this close to the first one are the same Ctrl-C (relayed by a wrapper such as tsx), not a second request. */
const SAME_KEYPRESS_MS = 1000;

/** `pnpm demo`: see `demoHelp`. Exit code 0 on a normal run, 1 on a problem, 130 when interrupted. */
async function main(): Promise<number> {
  let config: ReturnType<typeof loadDemoConfig>;
  try {
    config = loadDemoConfig(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\nRun "pnpm demo --help" for usage.\n`);
    return 1;
  }
  if (config.args.help) {
    process.stdout.write(`${demoHelp}\n`);
    return 0;
  }
  const abort = new AbortController();
  // Every job waited for listens to the signal; there are as many as there are documents.
  setMaxListeners(0, abort.signal);
  let firstSignalAt = 0;
  const onSignal = () => {
    // Run under a wrapper (tsx), Ctrl-C reaches it and this process, and it relays: one keypress, two signals.
    if (abort.signal.aborted && Date.now() - firstSignalAt < SAME_KEYPRESS_MS) return;
    if (abort.signal.aborted) {
      process.stderr.write('\nsecond signal: exiting now\n');
      process.exit(130);
    }
    firstSignalAt = Date.now();
    process.stderr.write('\nstopping…\n');
    abort.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const { exitCode } = await runDemo({
      config,
      stderr: process.stderr,
      signal: abort.signal,
      onSummary: (summary) => {
        if (config.args.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
        else process.stdout.write(`\n${renderSummary(summary)}`);
      },
    });
    return exitCode;
  } catch (error) {
    if (error instanceof DemoRedisUnavailableError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    process.stderr.write(
      `pnpm demo failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`,
    );
    return 1;
  }
}

const code = await main();
// Exit once the output is out: everything the demo started is stopped by now.
process.stdout.write('', () => process.exit(code));
