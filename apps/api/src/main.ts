/**
 * `pnpm api` and the API image: serves the HTTP API for producers configured from the environment
 * until SIGTERM/SIGINT. The entry (load the configuration, listen, stop on a signal; exit code 1 on a
 * bad configuration or a failed start) is `@quarry/api/main`.
 */
import '@quarry/api/main';
