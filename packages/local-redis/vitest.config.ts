import { defineConfig } from 'vitest/config';

// The tests spawn redis-server and other processes; give them room on slow machines.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 30_000 },
});
