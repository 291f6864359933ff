import { defineConfig } from 'vitest/config';

// Some tests spawn `pnpm` and worker processes or wait on real queues; give them room on slow machines.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 30_000 },
});
