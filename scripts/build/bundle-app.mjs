#!/usr/bin/env node
/**
 * `node ../../scripts/build/bundle-app.mjs [name=src/file.ts ...]` (an app's `build` script): bundles
 * the app into `apps/<app>/dist/` with rolldown. Default entry: `main=src/main.ts`.
 *
 * The workspace packages and npm dependencies are inlined (no TypeScript is compiled at run time),
 * except the packages that cannot be: those that load files next to their own code at run time
 * (pino's worker threads and transports, pdf.js and its worker, bull-board's static UI, native canvas
 * bindings). Those stay imports and are dependencies of the app, so they resolve from
 * `apps/<app>/node_modules`. Chunks are split after tree shaking: a module loaded with `import()` (a
 * command's run, the S3 client) and everything only it needs is read when it is used, never at start
 * (docs/decisions/0011-app-bundles-with-rolldown.md).
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'rolldown';

const external = [/^pdfjs-dist/, /^pino/, /^thread-stream/, /^@napi-rs\//, /^@bull-board\//];

const entries = process.argv.slice(2);
const input = Object.fromEntries(
  (entries.length > 0 ? entries : ['main=src/main.ts']).map((entry) => {
    const [name, file] = entry.split('=');
    if (!name || !file) throw new Error(`bundle-app: expected name=path, got "${entry}"`);
    return [name, resolve(file)];
  }),
);
const dir = resolve('dist');
rmSync(dir, { recursive: true, force: true });
await build({
  input,
  platform: 'node',
  external,
  logLevel: 'warn',
  // On node, rolldown gives inlined CommonJS modules a require() of their own (createRequire).
  output: { dir, format: 'esm' },
});
