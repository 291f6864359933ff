import { defineConfig } from 'vitest/config';

// Some tests run the stand-in's entry point in a child process; give them room on slow machines.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 30_000 },
});
