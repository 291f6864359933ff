import { ConfigError } from '@quarry/env';
import { createLogger } from './create-logger';
import { createWorker } from './create-worker';
import { exitAfterFlush, onShutdownSignal } from './on-shutdown-signal';
import { RetiredModelError } from './retired-model-error';
import { loadWorkerConfig } from './worker-config';

/** `pnpm worker`: runs an extraction worker configured from the environment until SIGTERM/SIGINT. */
function main(): void {
  let config: ReturnType<typeof loadWorkerConfig>;
  try {
    config = loadWorkerConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const log = createLogger({ level: config.logLevel, format: config.logFormat });
  const quarry = createWorker({ config, logger: log });
  onShutdownSignal({ log, shutdown: () => quarry.close() });
  // A failed start (a retired model, an unsafe Redis, a metrics port in use) was logged by the
  // worker; a retired model is also said on standard error, like a configuration error. Stop with code 1.
  quarry.waitUntilReady().catch(async (error: unknown) => {
    if (error instanceof RetiredModelError) process.stderr.write(`${error.message}\n`);
    await quarry.close({ graceMs: 0 }).catch(() => undefined);
    exitAfterFlush(log, 1);
  });
}

main();
