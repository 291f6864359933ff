import { defineConfig } from 'vitest/config';

// The Redis tests start (or spawn) a Redis and wait on real queues; give them room on slow machines.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 30_000 },
});
