import { defineConfig } from 'vitest/config';

// The soak tests start worker processes, a stand-in and their own Redis; a soak's own deadline is 180 s
// (about 45 s alone on 2 cores), so that a loaded machine slows it without failing it.
export default defineConfig({
  test: { testTimeout: 240_000, hookTimeout: 30_000 },
});
