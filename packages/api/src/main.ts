import { type BlobConfig, createBlobStore, readBlobConfig } from '@quarry/blobs';
import type { TenantSettings, WorkflowRegistry } from '@quarry/core';
import { ConfigError } from '@quarry/env';
import { loadTenantsFiles, loadWorkflowCatalog, WorkflowFileError } from '@quarry/workflow-files';
import { type ApiConfig, loadApiConfig } from './api-config';
import { createApiLogger } from './api-logger';
import { createApi } from './create-api';

/**
 * `pnpm api`: serves the HTTP API configured from the environment until SIGTERM/SIGINT. Uploaded
 * documents go to the blob store the `QUARRY_BLOB_*` variables name, as the worker's. Exits with
 * code 1 on a bad configuration (the message names each variable) or when the start fails.
 */
async function main(): Promise<void> {
  let config: ApiConfig;
  let blobConfig: BlobConfig;
  let registry: WorkflowRegistry;
  let tenantSettings: ReadonlyMap<string, TenantSettings>;
  try {
    config = loadApiConfig();
    blobConfig = readBlobConfig({ env: process.env, program: 'api', cwd: process.cwd() });
    registry = (await loadWorkflowCatalog({ paths: config.workflowFiles, cwd: process.cwd() })).registry;
    tenantSettings = loadTenantsFiles({ paths: config.tenantFiles, cwd: process.cwd() });
  } catch (error) {
    if (!(error instanceof ConfigError || error instanceof WorkflowFileError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const log = createApiLogger({ level: config.logLevel, format: config.logFormat });
  const blobs = createBlobStore(blobConfig);
  const api = createApi({ config, logger: log, blobs: blobs.store, registry, tenantSettings });
  try {
    await api.listen();
  } catch (error) {
    log.fatal({ error: { name: (error as Error).name, message: (error as Error).message } }, 'not started');
    await api.close().catch(() => undefined);
    blobs.close();
    process.exit(1);
  }
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    Promise.all([api.close(), blobs.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

await main();
