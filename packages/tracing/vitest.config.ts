import { defineConfig } from 'vitest/config';

// This package's own suite (`pnpm test` here); without this file vitest would take the repository's
// vitest.config.ts, which holds the cross-package unit project of `pnpm test:unit`.
export default defineConfig({});
