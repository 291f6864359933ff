/**
 * `pnpm worker` and the worker image: an extraction worker configured from the environment, running
 * until SIGTERM/SIGINT. The entry (load the configuration, create the worker, stop on a signal) is
 * `@quarry/worker/main`, the one the worker's process tests and the soak start too.
 */
import '@quarry/worker/main';
