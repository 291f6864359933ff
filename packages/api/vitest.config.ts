import { defineConfig } from 'vitest/config';

// The route tests run a worker on the stand-in and the API over HTTP.
export default defineConfig({
  test: { testTimeout: 60_000, hookTimeout: 60_000 },
});
