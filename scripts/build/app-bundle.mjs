/**
 * The tsup (esbuild) configuration of an app's bundle, `apps/<app>/dist/main.js`: the workspace packages
 * and npm dependencies are inlined (no TypeScript is compiled at run time, and the few modules the
 * app starts with load from one file), except the packages that cannot be: those that load files
 * next to their own code at run time (pino's worker threads and transports, pdf.js and its worker,
 * bull-board's static UI, native canvas bindings). Those stay imports and are dependencies of the app,
 * so they resolve from `apps/<app>/node_modules`. Chunks are split, so a module loaded with `import()`
 * (a command's run, the S3 client) is read only when it is used.
 */
import { defineConfig } from 'tsup';

const external = [/^pdfjs-dist/, /^pino/, /^thread-stream/, /^@napi-rs\//, /^@bull-board\//];

/** @param {{ entry?: Record<string, string> }} [options] */
export const appBundle = (options = {}) =>
  defineConfig({
    entry: options.entry ?? { main: 'src/main.ts' },
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    outDir: 'dist',
    clean: true,
    splitting: true,
    silent: true,
    noExternal: [/^(?!pdfjs-dist|pino|thread-stream|@napi-rs\/|@bull-board\/)/],
    external,
    // Inlined CommonJS modules call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as __qcr } from 'node:module'; const require = __qcr(import.meta.url);",
    },
  });
