import { defineConfig } from 'vitest/config';

// The Redis tests start worker processes and wait on real queues; give them room on slow machines.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 30_000 },
});
