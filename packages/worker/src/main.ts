import { ConfigError } from '@quarry/env';
import { loadWorkflowCatalog, WorkflowFileError } from '@quarry/workflow-files';
import { createLogger } from './create-logger';
import { createWorker } from './create-worker';
import { exitAfterFlush, onShutdownSignal } from './on-shutdown-signal';
import { RetiredModelError } from './retired-model-error';
import { loadWorkerConfig } from './worker-config';

/** The configuration and the workflows (shipped and `QUARRY_WORKFLOWS`), or exit 1 naming every problem. */
async function loadSetup() {
  try {
    const config = loadWorkerConfig();
    const catalog = await loadWorkflowCatalog({ paths: config.workflowFiles, cwd: process.cwd() });
    return { config, registry: catalog.registry };
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof WorkflowFileError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** `pnpm worker`: runs an extraction worker configured from the environment until SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const { config, registry } = await loadSetup();
  const log = createLogger({ level: config.logLevel, format: config.logFormat });
  const quarry = createWorker({ config, logger: log, registry });
  onShutdownSignal({ log, shutdown: () => quarry.close() });
  // A failed start (a retired model, an unsafe Redis, a metrics port in use) was logged by the
  // worker; a retired model is also said on standard error, like a configuration error. Stop with code 1.
  quarry.waitUntilReady().catch(async (error: unknown) => {
    if (error instanceof RetiredModelError) process.stderr.write(`${error.message}\n`);
    await quarry.close({ graceMs: 0 }).catch(() => undefined);
    exitAfterFlush(log, 1);
  });
}

await main();
