import { defineConfig } from 'vitest/config';

// The tests start (or spawn) a Redis and spawn processes; give them room on slow machines.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 30_000 },
});
