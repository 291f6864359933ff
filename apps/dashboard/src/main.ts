/**
 * `pnpm dashboard` and the dashboard image: serves the dashboard configured from the environment until
 * SIGTERM/SIGINT. The entry (load the configuration, listen, stop on a signal; exit code 1 on a bad
 * configuration or a failed start) is `@quarry/dashboard/main`, the one its self-check test starts too.
 */
import '@quarry/dashboard/main';
