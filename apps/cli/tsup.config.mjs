import { defineConfig } from 'tsup';
export default defineConfig({
  entry: { main: 'src/main.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  splitting: true,
  noExternal: [/^(?!pdfjs-dist|pino|thread-stream|@napi-rs)/],
  external: [/^pdfjs-dist/, /^pino/, /^thread-stream/, /^@napi-rs/],
  banner: { js: "import { createRequire as __qcr } from 'node:module'; const require = __qcr(import.meta.url);" },
});
