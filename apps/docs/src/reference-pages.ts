import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { z } from 'zod';
import { cataloguePage } from './catalogue-page';
import { catalogueTests, type TestSource } from './catalogue-tests';
import { cliPage } from './cli-page';
import { configurationPage } from './configuration-page';
import { modelsPage } from './models-page';

/** A page `pnpm run docs` writes: its path from the repository root and its whole text. */
export interface ReferencePage {
  readonly path: string;
  readonly text: string;
}

/** The committed list of catalogue rows that truly have no test, each with its reason. */
const ALLOW_LIST = 'apps/docs/catalogue-allowed-missing.json';
const AllowedMissing = z.array(
  z.object({ row: z.number().int().positive(), reason: z.string().min(1) }).strict(),
);

/** This generator's own tests: their titles are examples of the form, not catalogue rows. */
const GENERATOR = join('apps', 'docs');

/** Every `*.test.ts` under the `src` folders of the apps and packages, relative to `root`. */
function testSources(root: string): TestSource[] {
  return ['apps', 'packages'].flatMap((group) =>
    // Sorted: a directory lists its entries in no fixed order, and the page must not change with it.
    readdirSync(join(root, group))
      .sort()
      .flatMap((name) => {
        if (join(group, name) === GENERATOR) return [];
        const src = posix.join(group, name, 'src');
        let files: string[];
        try {
          files = readdirSync(join(root, src), { recursive: true, encoding: 'utf8' });
        } catch {
          return [];
        }
        return files
          .map((file) => file.split(/[\\/]/).join('/')) // the same on every system
          .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
          .sort()
          .map((file) => ({
            file: posix.join(src, file),
            text: readFileSync(join(root, src, file), 'utf8'),
          }));
      }),
  );
}

/**
 * Every generated page, rendered in memory from the code under `root` (the repository root):
 * the configuration, CLI and catalogue references, and docs/models.md with its model table.
 * @throws CatalogueGapError when a catalogue row has no test and is not on the allow-list.
 */
export function referencePages(root: string): ReferencePage[] {
  const allowed = AllowedMissing.parse(JSON.parse(readFileSync(join(root, ALLOW_LIST), 'utf8')));
  const catalogue = cataloguePage({
    tests: catalogueTests(testSources(root)),
    allowedMissing: allowed.map((entry) => entry.row),
    allowList: ALLOW_LIST,
  });
  return [
    { path: 'docs/reference/configuration.md', text: configurationPage() },
    { path: 'docs/reference/cli.md', text: cliPage() },
    { path: 'docs/reference/reliability-catalogue.md', text: catalogue },
    { path: 'docs/models.md', text: modelsPage(readFileSync(join(root, 'docs/models.md'), 'utf8')) },
  ];
}
