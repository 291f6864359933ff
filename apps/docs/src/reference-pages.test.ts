import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { referencePages } from './reference-pages';
import { unpaddedTables } from './unpadded-tables';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('the generated reference pages', () => {
  it("are committed as `pnpm run docs` writes them (the formatter's table padding aside)", () => {
    for (const page of referencePages(root)) {
      let committed = '';
      try {
        committed = readFileSync(join(root, page.path), 'utf8');
      } catch {}
      expect(
        unpaddedTables(committed) === unpaddedTables(page.text),
        `${page.path} is stale: run \`pnpm run docs\` and commit it`,
      ).toBe(true);
    }
  });
});
