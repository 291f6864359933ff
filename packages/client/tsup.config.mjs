/**
 * The published build of `@quarry/client`: one ES module and one self-contained `.d.ts`. The workspace
 * packages it uses (`@quarry/core`, `@quarry/queue`, `@quarry/documents`, …) are private, so their code
 * and types are inlined; npm packages stay imports and are the package's dependencies.
 */
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  silent: true,
  noExternal: [/^@quarry\//],
  // The workspace packages resolve to their sources (not through node_modules), so rollup-plugin-dts
  // inlines their declarations instead of leaving imports of packages a consumer cannot install.
  dts: { compilerOptions: { paths: { '@quarry/*': ['../*/src/index.ts'] } } },
});
