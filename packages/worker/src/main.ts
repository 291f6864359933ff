import { ConfigError } from '@quarry/env';
import { startTracing } from '@quarry/tracing';
import { loadTenantsFiles, loadWorkflowCatalog, WorkflowFileError } from '@quarry/workflow-files';
import { createLogger } from './create-logger';
import { createWorker } from './create-worker';
import { exitAfterFlush, onShutdownSignal } from './on-shutdown-signal';
import { RetiredModelError } from './retired-model-error';
import { loadWorkerConfig } from './worker-config';

/**
 * The configuration, the workflows (shipped and `QUARRY_WORKFLOWS`) and the tenant settings files
 * (`QUARRY_TENANTS`), or exit 1 naming every problem.
 */
async function loadSetup() {
  try {
    const config = loadWorkerConfig();
    const catalog = await loadWorkflowCatalog({ paths: config.workflowFiles, cwd: process.cwd() });
    const tenantSettings = loadTenantsFiles({ paths: config.tenantFiles, cwd: process.cwd() });
    return { config, registry: catalog.registry, tenantSettings };
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof WorkflowFileError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** `pnpm worker`: runs an extraction worker configured from the environment until SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const { config, registry, tenantSettings } = await loadSetup();
  // Off (nothing loaded) unless OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set.
  const tracing = await startTracing({ serviceName: 'quarry-worker' });
  const log = createLogger({
    level: config.logLevel,
    format: config.logFormat,
    ...(tracing.enabled ? { mixin: tracing.logFields } : {}),
  });
  const quarry = createWorker({ config, logger: log, registry, tracing, tenantSettings });
  // Spans still buffered are sent after the worker closed, within a bound.
  const close = async (graceMs?: number) => {
    await quarry.close(graceMs === undefined ? {} : { graceMs });
    await tracing.shutdown();
  };
  onShutdownSignal({ log, shutdown: () => close() });
  // A failed start (a retired model, an unsafe Redis, a metrics port in use) was logged by the
  // worker; a retired model is also said on standard error, like a configuration error. Stop with code 1.
  quarry.waitUntilReady().catch(async (error: unknown) => {
    if (error instanceof RetiredModelError) process.stderr.write(`${error.message}\n`);
    await close(0).catch(() => undefined);
    exitAfterFlush(log, 1);
  });
}

await main();
