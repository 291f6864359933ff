import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { defaultModelTable } from './default-model-table';
import { modelTableMarkdown, replaceModelTableSection } from './model-table-markdown';

/** Table rows without the padding the Markdown formatter adds. */
const unpadded = (text: string): string =>
  text
    .split('\n')
    .map((line) =>
      line.startsWith('|')
        ? line
            .split('|')
            .map((cell) => cell.trim().replace(/^-{3,}$/, '---'))
            .join('|')
        : line,
    )
    .join('\n');

describe('docs/models.md', () => {
  it('shows the table `pnpm --filter @quarry/core models:write` generates from the code', async () => {
    const committed = await readFile(new URL('../../../../docs/models.md', import.meta.url), 'utf8');
    const generated = replaceModelTableSection(committed, modelTableMarkdown(defaultModelTable));
    expect(unpadded(committed)).toBe(unpadded(generated));
  });

  it('renders a row per entry, tiers and retirement dates included', () => {
    const table = modelTableMarkdown(defaultModelTable);
    for (const id of Object.keys(defaultModelTable)) expect(table).toContain(`| \`${id}\` |`);
    expect(table).toContain('prompt > 100,000: $0.5 / $2.5, writes $0.625 / $1, reads $0.05');
    expect(table).toContain('| 2026-11-30 |');
  });

  it('refuses a document without the marks', () => {
    expect(() => replaceModelTableSection('# Models\n', 'table')).toThrow('lacks the model-table marks');
  });
});
