import { defineConfig } from 'vitest/config';

// This package's own suite (`pnpm test` here); without this file vitest would take the repository's
// vitest.config.ts, which holds the cross-package unit project of `pnpm test:unit`. Rendering every
// invoice as a PDF takes seconds on a loaded machine.
export default defineConfig({ test: { testTimeout: 60_000 } });
