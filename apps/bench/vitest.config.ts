import { defineConfig } from 'vitest/config';

// The soak test starts worker processes, a stand-in and its own Redis; give it room on slow machines.
export default defineConfig({
  test: { testTimeout: 120_000, hookTimeout: 30_000 },
});
