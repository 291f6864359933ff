import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { defaultModelTable, modelTableMarkdown, replaceModelTableSection } from '../src/index';

const path = fileURLToPath(new URL('../../../docs/models.md', import.meta.url));
const text = await readFile(path, 'utf8');
await writeFile(path, replaceModelTableSection(text, modelTableMarkdown(defaultModelTable)));
process.stdout.write(`wrote the model table into ${path}\n`);
