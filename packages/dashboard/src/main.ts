import { type BlobConfig, createBlobStore, readBlobConfig } from '@quarry/blobs';
import type { WorkflowRegistry } from '@quarry/core';
import { ConfigError } from '@quarry/env';
import { loadWorkflowCatalog, WorkflowFileError } from '@quarry/workflow-files';
import { createDashboard } from './create-dashboard';
import { type DashboardConfig, loadDashboardConfig } from './dashboard-config';
import { createDashboardLogger } from './dashboard-logger';

/**
 * `pnpm dashboard`: serves the dashboard configured from the environment until SIGTERM/SIGINT.
 * Document jobs' originals are read from the blob store the `QUARRY_BLOB_*` variables name, as the
 * worker's. Exits with code 1 on a bad configuration (the message names each variable) or when the start fails
 * (an unsafe Redis, named by the self-check; a port in use), after logging why.
 */
async function main(): Promise<void> {
  let config: DashboardConfig;
  let blobConfig: BlobConfig;
  let registry: WorkflowRegistry;
  try {
    config = loadDashboardConfig();
    blobConfig = readBlobConfig({ env: process.env, program: 'dashboard', cwd: process.cwd() });
    registry = (await loadWorkflowCatalog({ paths: config.workflowFiles, cwd: process.cwd() })).registry;
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof WorkflowFileError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const log = createDashboardLogger({ level: config.logLevel, format: config.logFormat });
  const blobs = createBlobStore(blobConfig);
  const dashboard = createDashboard({ config, logger: log, blobs: blobs.store, registry });
  try {
    await dashboard.listen();
  } catch (error) {
    log.fatal({ error: { name: (error as Error).name, message: (error as Error).message } }, 'not started');
    await dashboard.close().catch(() => undefined);
    blobs.close();
    process.exit(1);
  }
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    Promise.all([dashboard.close(), blobs.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

await main();
