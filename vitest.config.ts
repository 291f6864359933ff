import { defineConfig } from 'vitest/config';

/**
 * The cross-package unit project: `pnpm test:unit` (or `pnpm exec vitest` here) runs every pure test
 * (`*.test.ts`: no Redis, no child process) of every app and package in one vitest run, in seconds.
 * Each package's own vitest.config.ts runs its whole suite, Redis and integration tests included
 * (`pnpm test` runs them all through turbo).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{apps,packages}/*/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.redis.test.ts', '**/*.integration.test.ts'],
          // Pure tests share nothing through modules or the process, so one set of threads without
          // a fresh module graph per file is safe; it is what makes the run take seconds.
          pool: 'threads',
          isolate: false,
        },
      },
    ],
  },
});
