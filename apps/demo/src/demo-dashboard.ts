import { randomBytes } from 'node:crypto';
import type { BlobStore, WorkflowRegistry } from '@quarry/core';
import { createDashboard, type Dashboard, loadDashboardConfig } from '@quarry/dashboard';
import type { Logger } from 'pino';

/** The dashboard of a demo run, or why there is none. */
export interface DemoDashboard {
  /** Where to log in, with the run's local-only credentials; null when the dashboard did not start. */
  readonly access: { readonly url: string; readonly user: string; readonly password: string } | null;
  readonly problem: string | null;
  close(): Promise<void>;
}

/** Options of {@link startDemoDashboard}. */
export interface StartDemoDashboardOptions {
  readonly redisUrl: string;
  readonly prefix: string;
  /** Tried first; a free port when it is taken. 0 for any free port. */
  readonly port: number;
  readonly logger: Logger;
  /** The blob store the worker reads documents from (PDF runs), for the document view; null for text. */
  readonly blobs: BlobStore | null;
  /** The workflows the pages know: the shipped ones and those of `QUARRY_WORKFLOWS`. */
  readonly registry: WorkflowRegistry;
}

const USER = 'demo';

function isAddressInUse(error: unknown): boolean {
  return (error as { code?: unknown }).code === 'EADDRINUSE';
}

/**
 * Starts the dashboard on 127.0.0.1 for the run's prefix with one admin user and a random password
 * made for this run. A dashboard that cannot start does not stop the demo: the problem is reported.
 */
export async function startDemoDashboard(options: StartDemoDashboardOptions): Promise<DemoDashboard> {
  const password = randomBytes(9).toString('base64url');
  const attempt = async (port: number): Promise<{ dashboard: Dashboard; url: string }> => {
    const config = loadDashboardConfig({
      DASHBOARD_USERS: `${USER}:admin:${password}`,
      DASHBOARD_HOST: '127.0.0.1',
      DASHBOARD_PORT: String(port),
      REDIS_URL: options.redisUrl,
      QUARRY_PREFIX: options.prefix,
      LOG_LEVEL: options.logger.level,
    });
    const dashboard = createDashboard({
      config,
      logger: options.logger,
      blobs: options.blobs,
      registry: options.registry,
    });
    try {
      const { url } = await dashboard.listen();
      return { dashboard, url };
    } catch (error) {
      await dashboard.close().catch(() => undefined);
      throw error;
    }
  };
  try {
    const started = await attempt(options.port).catch((error: unknown) => {
      if (options.port !== 0 && isAddressInUse(error)) return attempt(0);
      throw error;
    });
    return {
      access: { url: started.url, user: USER, password },
      problem: null,
      close: () => started.dashboard.close(),
    };
  } catch (error) {
    options.logger.warn(
      { error: { name: (error as Error).name, message: (error as Error).message } },
      'dashboard not started',
    );
    return { access: null, problem: (error as Error).message, close: async () => {} };
  }
}
