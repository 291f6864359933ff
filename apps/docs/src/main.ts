/** `pnpm run docs`: writes every generated reference page (see `referencePages`). */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { referencePages } from './reference-pages';

const root = fileURLToPath(new URL('../../../', import.meta.url));
for (const page of referencePages(root)) {
  mkdirSync(dirname(join(root, page.path)), { recursive: true });
  writeFileSync(join(root, page.path), page.text);
  process.stdout.write(`wrote ${page.path}\n`);
}
