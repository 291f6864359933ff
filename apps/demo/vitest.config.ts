import { defineConfig } from 'vitest/config';

// The demo test runs `pnpm demo` in a child process; give it room on slow machines.
export default defineConfig({
  test: { testTimeout: 120_000, hookTimeout: 30_000 },
});
