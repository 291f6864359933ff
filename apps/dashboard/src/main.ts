import { pino } from 'pino';
import { createDashboard } from './create-dashboard';
import { loadDashboardConfig } from './dashboard-config';
import { DashboardConfigError } from './dashboard-config-error';

/** `pnpm dashboard`: serves the dashboard configured from the environment until SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadDashboardConfig>;
  try {
    config = loadDashboardConfig();
  } catch (error) {
    if (!(error instanceof DashboardConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const log = pino({ level: config.logLevel, base: { service: 'quarry-dashboard' } });
  const dashboard = createDashboard({ config, logger: log });
  await dashboard.listen();
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    dashboard.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

await main();
