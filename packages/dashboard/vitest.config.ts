import { defineConfig } from 'vitest/config';

// The browser test launches Chromium; give it room on slow machines.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 30_000 },
});
